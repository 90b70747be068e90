// Package notify sends e-mail over SMTP (go-mail) and SMS through SNS.
package notify

import (
	"context"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sns/types"
	"github.com/wneessen/go-mail"
)

type Mailer struct {
	client *mail.Client
	from   string
}

func NewMailer(host, user, pass, from string) (*Mailer, error) {
	c, err := mail.NewClient(host, mail.WithPort(587), mail.WithSMTPAuth(mail.SMTPAuthPlain),
		mail.WithUsername(user), mail.WithPassword(pass), mail.WithTLSPolicy(mail.TLSMandatory))
	if err != nil {
		return nil, err
	}
	return &Mailer{client: c, from: from}, nil
}

// Send delivers one message.
func (m *Mailer) Send(ctx context.Context, to, subject, body string) error {
	msg := mail.NewMsg()
	if err := msg.From(m.from); err != nil {
		return err
	}
	if err := msg.To(to); err != nil {
		return err
	}
	msg.Subject(subject)
	msg.SetBodyString(mail.TypeTextPlain, body)
	return m.client.DialAndSendWithContext(ctx, msg)
}

func (m *Mailer) SendWelcome(ctx context.Context, to, name string) error {
	return m.Send(ctx, to, "Welcome to the shop", fmt.Sprintf("Hi %s, your account is ready.", name))
}

func (m *Mailer) SendReceipt(ctx context.Context, to string, invoiceID, cents int64, currency string) error {
	return m.Send(ctx, to, fmt.Sprintf("Receipt for invoice %d", invoiceID),
		fmt.Sprintf("We received %d.%02d %s. Thank you.", cents/100, cents%100, currency))
}

// SNSAPI is the part of the SNS client the texter uses.
type SNSAPI interface {
	Publish(ctx context.Context, in *sns.PublishInput, optFns ...func(*sns.Options)) (*sns.PublishOutput, error)
}

type Texter struct {
	SNS      SNSAPI
	SenderID string
}

// Text sends a transactional SMS.
func (t *Texter) Text(ctx context.Context, phone, body string) error {
	_, err := t.SNS.Publish(ctx, &sns.PublishInput{
		PhoneNumber: aws.String(phone),
		Message:     aws.String(body),
		MessageAttributes: map[string]types.MessageAttributeValue{
			"AWS.SNS.SMS.SMSType":  {DataType: aws.String("String"), StringValue: aws.String("Transactional")},
			"AWS.SNS.SMS.SenderID": {DataType: aws.String("String"), StringValue: aws.String(t.SenderID)},
		},
	})
	return err
}

// SendCode texts a verification code.
func (t *Texter) SendCode(ctx context.Context, phone, code string) error {
	return t.Text(ctx, phone, "Your shop code is "+code)
}
