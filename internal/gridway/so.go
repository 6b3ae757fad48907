package gridway

// SO is the Static Objective policy (Section 5.2): the number of jobs to
// send to each infrastructure is worked out off-line from a training run
// of Normal (TrainObjectives) and kept for the whole experiment; jobs are
// mapped only to free nodes.
type SO struct {
	Trained []Objective // one per user, in user order
}

func (*SO) Name() string         { return "SO" }
func (*SO) Advance() bool        { return false }
func (p *SO) Start(e *Exp)       { e.Obj = trainedFor(p.Trained, e) }
func (*SO) UpdateObjective(*Exp) {}
func (*SO) Schedule(c *Cycle)    { scheduleObjective(c) }

// trainedFor returns user e's trained objective scaled to its job count,
// or the default half and half when training gave none.
func trainedFor(tr []Objective, e *Exp) Objective {
	if e.User < len(tr) {
		o := tr[e.User]
		if o.Int+o.Ext == e.Jobs && o.Int >= 0 && o.Ext >= 0 {
			return o
		}
	}
	return DefaultObjective(e.Jobs)
}
