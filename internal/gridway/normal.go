package gridway

// Normal is GridWay's default mapping (Section 5.1): each job goes to a
// free internal node if there is one, else to a free external node; the
// performance of the infrastructures plays no part.
type Normal struct{}

func (Normal) Name() string         { return "Normal" }
func (Normal) Advance() bool        { return false }
func (Normal) Start(*Exp)           {}
func (Normal) UpdateObjective(*Exp) {}

func (Normal) Schedule(c *Cycle) {
	for c.Left() > 0 && c.Unscheduled() > 0 {
		if c.Available(Internal) {
			c.Dispatch(Internal)
			continue
		}
		if c.Available(External) {
			c.Dispatch(External)
			continue
		}
		return
	}
}
