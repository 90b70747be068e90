package effect

// State is where an operation stands.
type State string

const (
	// Pending: recorded, and committed before any call; possibly
	// dispatched (Result.Dispatches says how often).
	Pending State = "pending"
	// Completed: the provider confirmed the effect; Answer is its answer.
	Completed State = "completed"
	// Rejected: the provider refused it for good; Answer is its answer.
	Rejected State = "rejected"
	// Unknown: a dispatch's outcome is not known (timeout, crash, 5xx). It
	// is reconciled before anything is sent again.
	Unknown State = "unknown"
)

// Terminal reports whether s is final: Completed or Rejected.
func (s State) Terminal() bool { return s == Completed || s == Rejected }

// Result is what Run and Resume return.
type Result struct {
	Key    Key
	State  State
	Answer []byte
	// Dispatches counts the provider calls made for the operation so far,
	// by every worker.
	Dispatches int
	// Replayed is true when the terminal state was recorded earlier: this
	// call contacted nobody.
	Replayed bool
}
