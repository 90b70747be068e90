package directives

func act()   {}
func other() {}

func trailing() {
	act() //idemvet:ignore fake the caller holds the lock
	act() // want `act called`
}

func lineAbove() {
	//idemvet:ignore fake the caller holds the lock
	act()
	act() // want `act called`
}

func severalChecks() {
	act() //idemvet:ignore other,fake both are safe here
}

func notThisCheck() {
	act() //idemvet:ignore other the other check's business // want `act called`
}

func unused() {
	other() //idemvet:ignore fake nothing to suppress here // want `idemvet:ignore fake suppresses nothing here; remove it`
}

func noReason() {
	// want +1 `idemvet:ignore fake needs a reason`
	//idemvet:ignore fake
	act() // want `act called`
}

func misspelled() {
	// want +1 `"fak", which is not an idemvet check; did you mean "fake"\?`
	//idemvet:ignore fak it is safe
	act() // want `act called`
}

func unrelatedName() {
	// want +1 `"zz", which is not an idemvet check$`
	//idemvet:ignore zz it is safe
	act() // want `act called`
}

func otherChecksMisspelling() {
	// othre is closest to other, which reports it; fake stays silent.
	//idemvet:ignore othre it is safe
	act() // want `act called`
}

func noCheck() {
	// want +1 `directive names no check`
	//idemvet:ignore
	act() // want `act called`
}

// wholeFunction is known safe.
//
//idemvet:ignore fake the table has a unique index, so both calls are safe
func wholeFunction() {
	act()
	if true {
		act()
	}
}

func afterWholeFunction() {
	act() // want `act called`
}

func prose() {
	act() // idemvet:ignore fake with a space it is prose, not a directive // want `act called` `malformed directive: no space may follow the slashes`
}
