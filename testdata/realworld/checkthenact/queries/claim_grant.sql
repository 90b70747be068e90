INSERT INTO grants (user_id, plan) VALUES ($1, $2)
ON CONFLICT (user_id, plan) DO NOTHING
