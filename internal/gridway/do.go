package gridway

// DO is the Dynamic Objective policy (Algorithm 1): every
// ObjectiveInterval the objective is recomputed from a linear fit of the
// jobs completed on each infrastructure; jobs are mapped only to free
// nodes.
type DO struct{}

func (DO) Name() string           { return "DO" }
func (DO) Advance() bool          { return false }
func (DO) Start(e *Exp)           { e.Obj = DefaultObjective(e.Jobs) }
func (DO) UpdateObjective(e *Exp) { updateObjective(e) }
func (DO) Schedule(c *Cycle)      { scheduleObjective(c) }
