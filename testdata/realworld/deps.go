package realworld

// The libraries every check's cases use, imported here so that the module's
// requirements stay complete even when a case directory is being rewritten.
import (
	_ "database/sql"

	_ "entgo.io/ent"
	_ "github.com/Masterminds/squirrel"
	_ "github.com/avast/retry-go/v4"
	_ "github.com/aws/aws-sdk-go-v2/feature/dynamodb/attributevalue"
	_ "github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	_ "github.com/aws/aws-sdk-go-v2/service/dynamodb"
	_ "github.com/cenkalti/backoff/v4"
	_ "github.com/doug-martin/goqu/v9"
	_ "github.com/go-pg/pg/v10"
	_ "github.com/gobuffalo/pop/v6"
	_ "github.com/google/uuid"
	_ "github.com/jackc/pgx/v5"
	_ "github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib"
	_ "github.com/jmoiron/sqlx"
	_ "github.com/nats-io/nats.go"
	_ "github.com/nats-io/nats.go/jetstream"
	_ "github.com/rabbitmq/amqp091-go"
	_ "github.com/redis/go-redis/v9"
	_ "github.com/segmentio/kafka-go"
	_ "github.com/stephenafamo/bob"
	_ "github.com/uptrace/bun"
	_ "github.com/uptrace/bun/dialect/pgdialect"
	_ "go.etcd.io/etcd/client/v3"
	_ "go.mongodb.org/mongo-driver/mongo"
	_ "go.mongodb.org/mongo-driver/v2/mongo"
	_ "gorm.io/driver/postgres"
	_ "gorm.io/gorm"
	_ "xorm.io/xorm"
)
