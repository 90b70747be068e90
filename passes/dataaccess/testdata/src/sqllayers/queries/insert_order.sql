INSERT INTO orders (key) VALUES ($1)
