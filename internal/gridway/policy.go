package gridway

// Policy is a DSA GridWay mapping strategy. Schedule is called once per
// scheduling cycle for each experiment with unscheduled jobs, in
// submission order, and dispatches through the Cycle; UpdateObjective is
// called every ObjectiveInterval while the experiment has unscheduled jobs.
type Policy interface {
	Name() string
	// Advance reports whether the policy queues jobs in advance (AS):
	// availability is then a cap on jobs at a resource instead of a free PE.
	Advance() bool
	// Start sets the experiment's initial objective when it is submitted.
	Start(e *Exp)
	UpdateObjective(e *Exp)
	Schedule(c *Cycle)
}

// Names lists the paper's policies in its order (the registry may hold
// more: Registered).
var Names = []string{"Normal", "SO", "DO", "SO-AS", "DO-AS"}

// Cycle is one scheduling cycle of the DSA GridWay for one experiment.
type Cycle struct {
	s    *Sim
	e    *Exp
	left int
}

// Exp returns the experiment being scheduled.
func (c *Cycle) Exp() *Exp { return c.e }

// Left returns how many more jobs this cycle may dispatch.
func (c *Cycle) Left() int { return c.left }

// Unscheduled returns the experiment's jobs waiting in the GridWay.
func (c *Cycle) Unscheduled() int { return len(c.e.unsched) }

// Available reports whether infrastructure i can take one more job now
// (see the package documentation for the two meanings).
func (c *Cycle) Available(i Infra) bool { return c.s.available(i) }

// Dispatch sends the experiment's next unscheduled job to i and reports
// whether there was one to send within the cycle's budget.
func (c *Cycle) Dispatch(i Infra) bool {
	if c.left <= 0 || len(c.e.unsched) == 0 {
		return false
	}
	c.left--
	c.s.dispatch(c.e, i)
	return true
}

// scheduleObjective is the free-node scheduler of SO and DO (Section 5.2):
// a job goes to a resource only if it has a free node and its objective is
// not yet met, internal first.
func scheduleObjective(c *Cycle) {
	o := &c.e.Obj
	for c.Left() > 0 && c.Unscheduled() > 0 {
		if o.Int > 0 && c.Available(Internal) {
			c.Dispatch(Internal)
			continue
		}
		if o.Ext > 0 && c.Available(External) {
			c.Dispatch(External)
			continue
		}
		return
	}
}

// scheduleAdvance is Algorithm 2 (AS) for internal jobs, the only kind the
// DSA GridWay receives: the cycle's jobs are split between internal and
// external in the proportion of the objective (integer division, as the
// pseudo-code's int arithmetic), then mapped while the chosen resource
// stays below its advance-queue cap.
func scheduleAdvance(c *Cycle) {
	u := c.Unscheduled()
	if u == 0 {
		return
	}
	n := min(c.Left(), u)
	toInt := n * c.e.Obj.Int / u
	if c.s.cfg.Alt.StaticAS && c.e.static.Int+c.e.static.Ext > 0 {
		toInt = min(n, n*c.e.static.Int/u)
	}
	toExt := n - toInt
	si, se := 0, 0
	availI, availE := c.Available(Internal), c.Available(External)
	for c.Left() > 0 && c.Unscheduled() > 0 && (availI || availE) {
		if availI && si < toInt {
			c.Dispatch(Internal)
			si++
			availI = c.Available(Internal)
			continue
		}
		if availE && se < toExt {
			c.Dispatch(External)
			se++
			availE = c.Available(External)
			continue
		}
		return
	}
}
