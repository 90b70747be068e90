package workflowsteps

import (
	"context"

	"gorm.io/gorm"

	"wflib/temporal"
)

// Publisher's methods are registered through a wrapper library's
// definitions, not the SDK itself.
type Publisher struct {
	db    *gorm.DB
	ships Shipping
}

func (p *Publisher) Definitions() temporal.DefinitionSet {
	return temporal.DefinitionSet{}.Append(temporal.Definition{Name: "ShipPending", Func: p.ShipPending})
}

// Near miss: an activity a definition registers, run by one workflow.
func (p *Publisher) ShipPending(ctx context.Context, id uint) error {
	var o Order
	if err := p.db.First(&o, id).Error; err != nil {
		return err
	}
	if o.Shipped {
		return nil
	}
	if err := p.ships.CreateShipment(o.ID); err != nil {
		return err
	}
	return p.db.Model(&o).Update("shipped", true).Error
}

// The same gate in a method no definition names has twins.
func (p *Publisher) ShipFromAPI(ctx context.Context, id uint) error {
	var o Order
	if err := p.db.First(&o, id).Error; err != nil { // want `status-gate race: Shipped read here is tested, then CreateShipment`
		return err
	}
	if o.Shipped {
		return nil
	}
	if err := p.ships.CreateShipment(o.ID); err != nil {
		return err
	}
	return p.db.Model(&o).Update("shipped", true).Error
}
