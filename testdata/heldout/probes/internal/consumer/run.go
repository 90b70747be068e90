package consumer

import (
	"context"
	"log"
	"os"

	"github.com/redis/go-redis/v9"
)

type HandlerFunc func(ctx context.Context, m Message) error

// Run reads a redis stream as a consumer group and hands each entry to the
// handler chosen by the CONSUMER_VERSION switch. Unacked entries are re-read.
func Run(ctx context.Context, rdb *redis.Client, stream string, v1, v2 HandlerFunc) {
	h := v1
	if os.Getenv("CONSUMER_VERSION") == "2" {
		h = v2
	}
	for ctx.Err() == nil {
		res, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "svc", Consumer: os.Getenv("HOSTNAME"), Streams: []string{stream, ">"}, Count: 10}).Result()
		if err != nil {
			log.Printf("read %s: %v", stream, err)
			continue
		}
		for _, s := range res {
			for _, msg := range s.Messages {
				body, _ := msg.Values["body"].(string)
				id, _ := msg.Values["id"].(string)
				if err := h(ctx, Message{ID: id, Topic: stream, Payload: []byte(body)}); err != nil {
					log.Printf("handle %s: %v", msg.ID, err)
					continue
				}
				rdb.XAck(ctx, stream, "svc", msg.ID)
			}
		}
	}
}
