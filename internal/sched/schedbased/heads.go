package schedbased

import "math"

// heads finds the machines whose first queued job is planned to start by a
// given time (Schedule's due machines) without visiting every machine at
// every decision: a min tournament tree over the machines of the planned
// start of the queue's head (+Inf for an empty queue). Updates are lazy:
// every change of a machine's queue gives it a new stamp (touch), which
// marks it, and a query first recomputes the marked machines' leaves.
type heads struct {
	leaves  int
	t       []float64
	dirty   []int32
	isDirty []bool
}

func newHeads(n int) heads {
	h := heads{leaves: 1, isDirty: make([]bool, n)}
	for h.leaves < n {
		h.leaves *= 2
	}
	h.t = make([]float64, 2*h.leaves)
	for i := range h.t {
		h.t[i] = math.Inf(1)
	}
	return h
}

func (h *heads) mark(m int) {
	if !h.isDirty[m] {
		h.isDirty[m] = true
		h.dirty = append(h.dirty, int32(m))
	}
}

// dueMachines appends to out, in index order, every machine whose queue's
// head is planned to start at or before now.
func (p *Plan) dueMachines(out []int) []int {
	if p.direct {
		for m := range p.ms {
			if q := p.ms[m].queue; len(q) > 0 && q[0].Start <= p.now {
				out = append(out, m)
			}
		}
		return out
	}
	h := &p.heads
	for _, m32 := range h.dirty {
		m := int(m32)
		h.isDirty[m] = false
		v := math.Inf(1)
		if q := p.ms[m].queue; len(q) > 0 {
			v = q[0].Start
		}
		i := h.leaves + m
		h.t[i] = v
		for i > 1 {
			i /= 2
			w := min(h.t[2*i], h.t[2*i+1])
			if h.t[i] == w {
				break
			}
			h.t[i] = w
		}
	}
	h.dirty = h.dirty[:0]
	if !(h.t[1] <= p.now) {
		return out
	}
	var stack [64]int
	stack[0] = 1
	n := 1
	for n > 0 {
		n--
		i := stack[n]
		if !(h.t[i] <= p.now) {
			continue
		}
		if i >= h.leaves {
			out = append(out, i-h.leaves)
			continue
		}
		stack[n], stack[n+1] = 2*i+1, 2*i
		n += 2
	}
	return out
}
