package tokenreuse

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"
)

// redis: the code is read with GET and deleted with DEL after the act;
// two requests both GET it before either DEL.
func verifyCodeInRedis(ctx context.Context, rdb *redis.Client, db *sql.DB, code string) error {
	email, err := rdb.Get(ctx, "verification:"+code).Result() // want `token-reuse race: the one-time token read here is consumed by Del at line \d+`
	if err != nil {
		return errUsed
	}
	if _, err := db.ExecContext(ctx, `UPDATE users SET email_verified = true WHERE email = $1`, email); err != nil {
		return err
	}
	return rdb.Del(ctx, "verification:"+code).Err()
}

// Near miss: GETDEL reads and removes the code in one step; only one
// request gets it.
func verifyCodeGetDel(ctx context.Context, rdb *redis.Client, db *sql.DB, code string) error {
	email, err := rdb.GetDel(ctx, "verification:"+code).Result()
	if err != nil {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `UPDATE users SET email_verified = true WHERE email = $1`, email)
	return err
}

// Near miss: DEL first, and its count decides who goes on.
func verifyCodeDelFirst(ctx context.Context, rdb *redis.Client, db *sql.DB, code string) error {
	email, err := rdb.Get(ctx, "verification:"+code).Result()
	if err != nil {
		return errUsed
	}
	if n, err := rdb.Del(ctx, "verification:"+code).Result(); err != nil || n == 0 {
		return errUsed
	}
	_, err = db.ExecContext(ctx, `UPDATE users SET email_verified = true WHERE email = $1`, email)
	return err
}

func magicKey(link string) string  { return "auth:magic:" + link }
func cartKey(cartID string) string { return "shop:cart:" + cartID }

// The key is built by a helper whose text names the token: two requests
// with one link both GET it and both sign in before either DEL.
func exchangeMagicLink(ctx context.Context, rdb *redis.Client, db *sql.DB, link string) error {
	uid, err := rdb.Get(ctx, magicKey(link)).Result() // want `token-reuse race: the one-time token read here is consumed by Del at line \d+`
	if err != nil {
		return errUsed
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO sessions (user_id) VALUES ($1)`, uid); err != nil {
		return err
	}
	return rdb.Del(ctx, magicKey(link)).Err()
}

// Near miss: the helper's key names a cart, no one-time token; checking
// out and dropping it is the cart's own lifecycle.
func checkoutCart(ctx context.Context, rdb *redis.Client, db *sql.DB, cartID string) error {
	items, err := rdb.Get(ctx, cartKey(cartID)).Result()
	if err != nil {
		return errUsed
	}
	if _, err := db.ExecContext(ctx, `INSERT INTO orders (items) VALUES ($1)`, items); err != nil {
		return err
	}
	return rdb.Del(ctx, cartKey(cartID)).Err()
}
