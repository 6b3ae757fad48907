package gridway

// SOAS is Static Objective with Advance Scheduling: SO's trained objective
// and Algorithm 2, which queues jobs at a resource up to
// PEs × MaxRunningResourceFactor instead of waiting for free nodes.
type SOAS struct {
	Trained []Objective
}

func (*SOAS) Name() string         { return "SO-AS" }
func (*SOAS) Advance() bool        { return true }
func (p *SOAS) Start(e *Exp)       { e.Obj = trainedFor(p.Trained, e); e.static = e.Obj }
func (*SOAS) UpdateObjective(*Exp) {}
func (*SOAS) Schedule(c *Cycle)    { scheduleAdvance(c) }
