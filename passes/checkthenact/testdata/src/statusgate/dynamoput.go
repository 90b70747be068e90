package statusgate

import (
	"context"
	"errors"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"
)

type DynReward struct {
	ID     string
	Status string
	Points int64
}

func rewardItem(r DynReward) map[string]types.AttributeValue {
	return map[string]types.AttributeValue{
		"pk":     &types.AttributeValueMemberS{Value: r.ID},
		"status": &types.AttributeValueMemberS{Value: r.Status},
	}
}

type RewardTable struct{ db *dynamodb.Client }

func (t *RewardTable) Reward(ctx context.Context, id string) (DynReward, error) {
	out, err := t.db.GetItem(ctx, &dynamodb.GetItemInput{TableName: aws.String("rewards"), Key: rewardItem(DynReward{ID: id})})
	if err != nil {
		return DynReward{}, err
	}
	if out.Item == nil {
		return DynReward{}, errors.New("no reward")
	}
	return DynReward{ID: id}, nil
}

// SaveReward writes the item back at its key: PutItem replaces it.
func (t *RewardTable) SaveReward(ctx context.Context, r DynReward) error {
	_, err := t.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("rewards"), Item: rewardItem(r)})
	return err
}

// CopyReward stores the reward under a new id: a copy, another item.
func (t *RewardTable) CopyReward(ctx context.Context, r DynReward) error {
	r.ID = r.ID + "-copy"
	_, err := t.db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String("rewards"), Item: rewardItem(r)})
	return err
}

type Points interface {
	AddPoints(ctx context.Context, user string, points int64) error
}

type RewardClaims struct {
	table  *RewardTable
	points Points
}

// Two claims both see the reward unclaimed, both add its points, and the
// put of the claimed item comes after.
func (c *RewardClaims) Claim(ctx context.Context, user, id string) error {
	r, err := c.table.Reward(ctx, id) // want `status-gate race: Status read here is tested, then AddPoints`
	if err != nil {
		return err
	}
	if r.Status != "unclaimed" {
		return errors.New("already claimed")
	}
	if err := c.points.AddPoints(ctx, user, r.Points); err != nil {
		return err
	}
	r.Status = "claimed"
	return c.table.SaveReward(ctx, r)
}

// Near miss: the item put is a copy under a new id; the reward read keeps
// its status, so nothing moves it.
func (c *RewardClaims) Duplicate(ctx context.Context, user, id string) error {
	r, err := c.table.Reward(ctx, id)
	if err != nil {
		return err
	}
	if r.Status != "unclaimed" {
		return errors.New("already claimed")
	}
	if err := c.points.AddPoints(ctx, user, r.Points); err != nil {
		return err
	}
	return c.table.CopyReward(ctx, r)
}
