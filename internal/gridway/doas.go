package gridway

// DOAS is Dynamic Objective with Advance Scheduling (Section 5.5): DO's
// objective recomputed every ObjectiveInterval and Algorithm 2's advance
// queuing.
type DOAS struct{}

func (DOAS) Name() string           { return "DO-AS" }
func (DOAS) Advance() bool          { return true }
func (DOAS) Start(e *Exp)           { e.Obj = DefaultObjective(e.Jobs) }
func (DOAS) UpdateObjective(e *Exp) { updateObjective(e) }
func (DOAS) Schedule(c *Cycle)      { scheduleAdvance(c) }
