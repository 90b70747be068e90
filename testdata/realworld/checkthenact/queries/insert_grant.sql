INSERT INTO grants (user_id, plan) VALUES ($1, $2)
