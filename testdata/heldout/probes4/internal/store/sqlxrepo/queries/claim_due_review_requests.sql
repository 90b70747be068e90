-- Claims up to $1 due review requests for this worker. Rows locked by a
-- concurrent worker are skipped, and a claimed row leaves the pending state
-- before the transaction commits.
UPDATE review_requests
   SET status = 'sending', claimed_at = now()
 WHERE id IN (
        SELECT id
          FROM review_requests
         WHERE status = 'pending'
           AND due_at <= now()
         ORDER BY due_at
         LIMIT $1
           FOR UPDATE SKIP LOCKED
       )
RETURNING id, order_id, email, due_at
