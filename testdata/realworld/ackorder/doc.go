// Package ackorder holds real-library cases for the ackorder check:
// rabbitmq/amqp091-go deliveries acknowledged before, and after, the pgx
// and database/sql transactions that record their effects commit.
package ackorder
