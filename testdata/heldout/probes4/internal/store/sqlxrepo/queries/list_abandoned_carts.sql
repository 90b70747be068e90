SELECT c.id, c.user_id, u.email, c.total_cents, c.updated_at
  FROM carts c
  JOIN users u ON u.id = c.user_id
 WHERE c.status = 'open'
   AND c.reminder_state = 'pending'
   AND c.updated_at < $1
 ORDER BY c.updated_at
 LIMIT $2
