// Package sinks sends per-attempt keys to every kind of key sink, beside
// near misses that send them somewhere that is not a key.
package sinks

import (
	"context"
	"errors"
	mrand "math/rand"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/ec2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	backoff4 "github.com/cenkalti/backoff/v4"
	"github.com/google/uuid"
	"github.com/idemvet/idemvet/runtime/claim"
	"github.com/jackc/pgx/v5"
	"github.com/redis/go-redis/v9"
)

var errGaveUp = errors.New("gave up")

func sqsDedup(ctx context.Context, c *sqs.Client, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{
			MessageBody:            aws.String(body),
			MessageDeduplicationId: aws.String(uuid.NewString()), // want "minted on every attempt"
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

// Near miss: the group id is not a dedup key.
func sqsGroup(ctx context.Context, c *sqs.Client, body string) error {
	for attempt := 0; attempt < 3; attempt++ {
		_, err := c.SendMessage(ctx, &sqs.SendMessageInput{
			MessageBody:    aws.String(body),
			MessageGroupId: aws.String(uuid.NewString()),
		})
		if err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return errGaveUp
}

func ec2ClientToken(ctx context.Context, c *ec2.Client) error {
	return backoff4.Retry(func() error {
		in := &ec2.RunInstancesInput{ImageId: aws.String("ami-1")}
		in.ClientToken = aws.String(uuid.NewString()) // want "minted on every attempt"
		_, err := c.RunInstances(ctx, in)
		return err
	}, backoff4.NewExponentialBackOff())
}

// Near miss: a minted value in a field that is not a key.
func ec2Image(ctx context.Context, c *ec2.Client) error {
	return backoff4.Retry(func() error {
		in := &ec2.RunInstancesInput{ImageId: aws.String(uuid.NewString())}
		_, err := c.RunInstances(ctx, in)
		return err
	}, backoff4.NewExponentialBackOff())
}

// Fields and parameters named as keys.
type TransferRequest struct {
	Amount          int
	RequestID       string
	IdempotencyKey  string
	IdempotencyMode int
}

type Ledger interface {
	Transfer(ctx context.Context, req TransferRequest) error
	Post(ctx context.Context, amount int, idempotencyKey string) error
	Note(ctx context.Context, amount int, requestID string) error
}

func ownField(ctx context.Context, l Ledger) error {
	return backoff4.Retry(func() error {
		return l.Transfer(ctx, TransferRequest{Amount: 5, IdempotencyKey: uuid.NewString()}) // want "minted on every attempt"
	}, backoff4.NewExponentialBackOff())
}

// Near miss: the request id is a trace id, not a key.
func ownFieldRequestID(ctx context.Context, l Ledger) error {
	return backoff4.Retry(func() error {
		return l.Transfer(ctx, TransferRequest{Amount: 5, RequestID: uuid.NewString()})
	}, backoff4.NewExponentialBackOff())
}

func namedParam(ctx context.Context, l Ledger) error {
	return backoff4.Retry(func() error {
		return l.Post(ctx, 5, uuid.NewString()) // want "minted on every attempt"
	}, backoff4.NewExponentialBackOff())
}

// Near miss: a parameter whose name says nothing about keys.
func namedParamOther(ctx context.Context, l Ledger) error {
	return backoff4.Retry(func() error {
		return l.Note(ctx, 5, uuid.NewString())
	}, backoff4.NewExponentialBackOff())
}

// The runtime claim API.
func runtimeClaim(ctx context.Context, c *claim.Claimer, tenant string) error {
	return backoff4.Retry(func() error {
		k := claim.Key{Scope: tenant, Operation: "charge", Key: uuid.NewString()} // want "minted on every attempt"
		_, err := c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			return claim.Outcome{Status: 201}, nil
		})
		return err
	}, backoff4.NewExponentialBackOff())
}

// Near miss: the claim key comes from the request; the uuid is the new
// resource's id.
func runtimeClaimStable(ctx context.Context, c *claim.Claimer, tenant, key string) error {
	return backoff4.Retry(func() error {
		k := claim.Key{Scope: tenant, Operation: "charge", Key: key}
		_, err := c.Do(ctx, k, nil, func(ctx context.Context, tx pgx.Tx) (claim.Outcome, error) {
			return claim.Outcome{Status: 201, ResourceID: uuid.NewString()}, nil
		})
		return err
	}, backoff4.NewExponentialBackOff())
}

// Claims of the data-access model: a repository claim and redis SETNX.
type Dedup interface {
	TryClaim(ctx context.Context, key string) (bool, error)
}

func repoClaim(ctx context.Context, d Dedup) error {
	for attempt := 0; attempt < 3; attempt++ {
		ok, err := d.TryClaim(ctx, "charge:"+uuid.NewString()) // want "minted on every attempt"
		if err == nil {
			_ = ok
			return nil
		}
	}
	return errGaveUp
}

func redisClaim(ctx context.Context, rdb *redis.Client) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := rdb.SetNX(ctx, "idem:"+uuid.NewString(), 1, time.Hour).Err() // want "minted on every attempt"
		if err == nil {
			return nil
		}
	}
	return errGaveUp
}

// Near miss: a collision retry draws a new code until one is free; a fresh
// value per attempt is the point.
var ErrDuplicateKey = errors.New("duplicate key")

type Codes interface {
	Reserve(ctx context.Context, code string) error
}

func collisionRetry(ctx context.Context, c Codes) (string, error) {
	for {
		code := strconv.Itoa(mrand.Intn(1000000))
		err := c.Reserve(ctx, code)
		if errors.Is(err, ErrDuplicateKey) {
			continue
		}
		return code, err
	}
}

// The same loop retrying on a transient error re-claims a new code.
var ErrUnavailable = errors.New("unavailable")

func transientRetry(ctx context.Context, c Codes) (string, error) {
	for {
		code := strconv.Itoa(mrand.Intn(1000000)) // want "minted on every attempt"
		err := c.Reserve(ctx, code)
		if errors.Is(err, ErrUnavailable) {
			continue
		}
		return code, err
	}
}

// Near miss: a lock owner token is the value, not the key.
func redisLockToken(ctx context.Context, rdb *redis.Client, orderID string) error {
	for attempt := 0; attempt < 3; attempt++ {
		err := rdb.SetNX(ctx, "lock:"+orderID, uuid.NewString(), time.Minute).Err()
		if err == nil {
			return nil
		}
	}
	return errGaveUp
}
