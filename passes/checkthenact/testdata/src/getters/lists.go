package getters

import "context"

type Deployment struct {
	ID     *int64
	Builds *[]string
	Note   *string
}

func (d *Deployment) GetBuilds() []string {
	if d == nil || d.Builds == nil {
		return nil
	}
	return *d.Builds
}

func (d *Deployment) SetBuilds(v []string) { d.Builds = &v }
func (d *Deployment) SetNote(v string)     { d.Note = &v }

type Deployments interface {
	GetDeployment(ctx context.Context, id int64) (*Deployment, error)
	UpdateDeployment(ctx context.Context, d *Deployment) (*Deployment, error)
}

// Two webhooks for one deployment both read its builds, each appends its
// own and writes the whole list back: the second write drops the first
// build.
func AddBuild(ctx context.Context, db Deployments, id int64, build string) error {
	d, err := db.GetDeployment(ctx, id) // want `lost update`
	if err != nil {
		return err
	}
	d.SetBuilds(append(d.GetBuilds(), build))
	_, err = db.UpdateDeployment(ctx, d)
	return err
}

// Near miss: the note is replaced by the request's, not grown from the
// one read.
func SetDeploymentNote(ctx context.Context, db Deployments, id int64, note string) error {
	d, err := db.GetDeployment(ctx, id)
	if err != nil {
		return err
	}
	d.SetNote(note)
	_, err = db.UpdateDeployment(ctx, d)
	return err
}
