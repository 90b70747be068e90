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
