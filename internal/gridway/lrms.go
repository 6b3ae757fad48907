package gridway

// lrms is a testbed's local resource manager: one FCFS queue, space
// shared, one PE per job, the queue head started on the fastest machine
// with a free PE.
//
// Queue entries are ids: >= 0 a background job, < 0 the experiment job
// -(id+1). Cancelled experiment jobs are left in the queue and skipped when
// they reach the head (their attempt number no longer matches), so
// cancelling is O(1); live counts the entries that will still run.
type lrms struct {
	mach  []Machine // fastest first
	free  []int
	nfree int
	pes   int
	queue []qent
	head  int
	live  int
}

type qent struct {
	id  int32
	att int32
}

func newLRMS(t Testbed) *lrms {
	l := &lrms{mach: sortedMachines(t)}
	for _, m := range l.mach {
		l.free = append(l.free, m.PEs)
		l.nfree += m.PEs
		l.pes += m.PEs
	}
	return l
}

func (l *lrms) clone() *lrms {
	c := *l
	c.free = append([]int(nil), l.free...)
	c.queue = append([]qent(nil), l.queue[l.head:]...)
	c.head = 0
	return &c
}

func (l *lrms) push(e qent) {
	if l.head > 1024 && l.head > len(l.queue)/2 {
		n := copy(l.queue, l.queue[l.head:])
		l.queue = l.queue[:n]
		l.head = 0
	}
	l.queue = append(l.queue, e)
	l.live++
}

// take returns the fastest machine with a free PE and marks the PE busy.
func (l *lrms) take() int {
	for m := range l.free {
		if l.free[m] > 0 {
			l.free[m]--
			l.nfree--
			return m
		}
	}
	panic("federation: take with no free PE")
}

func (l *lrms) release(m int) {
	l.free[m]++
	l.nfree++
}

// Queued returns the number of jobs waiting in the local queue.
func (l *lrms) queued() int { return l.live }
