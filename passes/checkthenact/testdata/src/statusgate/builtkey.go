package statusgate

import "context"

type Topic struct {
	ID     string
	Status string
	HTML   string
}

type TopicReply struct {
	ID      string
	TopicID string
	Text    string
}

type TopicStore interface {
	GetTopic(ctx context.Context, id string) (*Topic, bool, error)
	UpdateTopicLinks(ctx context.Context, id, links string) error
}

type ReplyStore interface {
	AddReply(ctx context.Context, r *TopicReply) error
}

type TopicNotifier interface {
	Send(ctx context.Context, topicID string) error
}

type Replier struct {
	topics  TopicStore
	replies ReplyStore
	notify  TopicNotifier
}

// Near miss: a closed topic refuses replies, a precondition. The reply
// built with the topic's id then refreshes the links in the topic's
// HTML, not its status: no transition of the state the test read.
func (r *Replier) Reply(ctx context.Context, topicID, text string) error {
	topic, ok, err := r.topics.GetTopic(ctx, topicID)
	if err != nil || !ok {
		return err
	}
	if topic.Status == "closed" {
		return nil
	}
	reply := &TopicReply{}
	reply.TopicID = topicID
	reply.Text = text
	if err := r.replies.AddReply(ctx, reply); err != nil {
		return err
	}
	if err := r.topics.UpdateTopicLinks(ctx, reply.TopicID, text); err != nil {
		return err
	}
	return r.notify.Send(ctx, reply.TopicID)
}
