-- name: ClaimReminder :execrows
UPDATE reminders
SET status = 'sending'
WHERE id = $1 AND status = 'pending';

-- name: ListDueReminders :many
SELECT id, user_id, email, kind, due_at, status, sent_at, created_at FROM reminders
WHERE status = 'pending' AND due_at <= now()
ORDER BY due_at
LIMIT $1;

-- name: MarkReminderSent :exec
UPDATE reminders
SET status = 'sent', sent_at = now()
WHERE id = $1;

-- name: ReleaseReminder :exec
UPDATE reminders
SET status = 'pending'
WHERE id = $1 AND status = 'sending';
