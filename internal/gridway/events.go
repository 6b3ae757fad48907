package gridway

import (
	"math/bits"
	"slices"

	"github.com/gridbench/gridbench/internal/radix"
)

// Event kinds. The kind never decides order: events are ordered by (time,
// sequence number), so simultaneous events resolve in the order they were
// scheduled, the same way every run.
const (
	evEnd       uint8 = iota // a job leaves a PE: a = testbed, b = machine, c = entry id
	evStageIn                // input staged: a = testbed, c = job, d = attempt
	evGateway                // job description reaches the LCG GridWay: c = job, d = attempt
	evOutput                 // output arrived back: c = job
	evTimeout                // suspension timeout: c = job, d = attempt
	evSubmit                 // a user submits: c = user
	evObjective              // DO objective update tick (DSA GridWay)
	evSchedDSA               // DSA GridWay scheduling cycle
	evSchedLCG               // LCG GridWay (GridGateWay) scheduling cycle
)

// event is 32 bytes, two to a cache line: the testbed (a) and the kind fit
// in bytes.
type event struct {
	t    float64
	seq  uint64
	kind uint8
	a    uint8
	b    int32
	c, d int32
}

// eventQueue is a radix heap on the 128-bit key (radix.Float64Key(t),
// seq): the order of the 4-ary heap it replaced, (time, sequence number),
// popped exactly the same. A radix heap needs every event pushed to come after
// the last one popped, which holds here since the simulator schedules
// nothing in the past and numbers events as it schedules them (Sim.push
// refuses an event before the current time).
//
// Bucket k holds the events whose key first differs from the last popped
// key at bit k-1, counted from the lowest of the 128. Pushing is O(1);
// popping takes the earliest event of the lowest non-empty bucket and
// spreads the bucket's others over the buckets below, so an event is
// moved a few times on its way to the front (3.4 times on average in a
// federation run of the LCG trace: ~90,000 events, nearly all background
// ends, ~1,300 pending) instead of sifting through a 4-ary heap of them
// twice: 1.2x less CPU per run (BenchmarkFederation), and the order needs
// no float comparison.
//
// The earliest event is found on peek and its place cached, since the
// simulator peeks before each background arrival, between pops; a push
// before it takes its place.
type eventQueue struct {
	// Bucket k's events are b[k][:n[k]]; the slice's length is the
	// bucket's storage, so adding an event writes a count, not a slice
	// header.
	b            [129][]event
	n            [129]int32
	nonEmpty     [3]uint64 // bit k: bucket k has events
	lastT, lastS uint64    // key of the last event popped
	size         int
	minKnown     bool
	minB, minI   int // place of the earliest event when minKnown
}

func (q *eventQueue) len() int { return q.size }

func (q *eventQueue) bucket(tk, seq uint64) int {
	if x := tk ^ q.lastT; x != 0 {
		return 128 - bits.LeadingZeros64(x)
	}
	return 64 - bits.LeadingZeros64(seq^q.lastS)
}

// before orders keys (timeKey, seq).
func before(at, as, bt, bs uint64) bool { return at < bt || (at == bt && as < bs) }

// add appends e to bucket k and returns its index there.
func (q *eventQueue) add(k int, e *event) int {
	c := q.n[k]
	if int(c) == len(q.b[k]) {
		q.b[k] = append(q.b[k], make([]event, max(16, c))...)
	}
	q.b[k][c] = *e
	q.n[k] = c + 1
	q.nonEmpty[k>>6] |= 1 << (k & 63)
	return int(c)
}

func (q *eventQueue) push(e event) {
	tk := radix.Float64Key(e.t)
	k := q.bucket(tk, e.seq)
	i := q.add(k, &e)
	q.size++
	if q.minKnown {
		if m := &q.b[q.minB][q.minI]; before(tk, e.seq, radix.Float64Key(m.t), m.seq) {
			q.minB, q.minI = k, i
		}
	}
}

// peek returns the earliest event; the queue must not be empty.
func (q *eventQueue) peek() *event {
	if !q.minKnown {
		var k int
		switch {
		case q.nonEmpty[0] != 0:
			k = bits.TrailingZeros64(q.nonEmpty[0])
		case q.nonEmpty[1] != 0:
			k = 64 + bits.TrailingZeros64(q.nonEmpty[1])
		default:
			k = 128 + bits.TrailingZeros64(q.nonEmpty[2])
		}
		b := q.b[k][:q.n[k]]
		m, mt, ms := 0, radix.Float64Key(b[0].t), b[0].seq
		for i := 1; i < len(b); i++ {
			if t := radix.Float64Key(b[i].t); before(t, b[i].seq, mt, ms) {
				m, mt, ms = i, t, b[i].seq
			}
		}
		q.minKnown, q.minB, q.minI = true, k, m
	}
	return &q.b[q.minB][q.minI]
}

// pop removes and returns the earliest event; the queue must not be empty.
func (q *eventQueue) pop() event {
	e := *q.peek()
	k, skip := q.minB, q.minI
	b := q.b[k][:q.n[k]]
	q.lastT, q.lastS = radix.Float64Key(e.t), e.seq
	q.n[k] = 0
	q.nonEmpty[k>>6] &^= 1 << (k & 63)
	// Every other event of bucket k agrees with the new last key on more
	// high bits than with the old, so it moves to a lower bucket (never
	// to bucket k itself, which is empty while they move).
	for i := range b {
		if i != skip {
			q.add(q.bucket(radix.Float64Key(b[i].t), b[i].seq), &b[i])
		}
	}
	q.size--
	q.minKnown = false
	return e
}

// clone returns an independent copy.
func (q *eventQueue) clone() eventQueue {
	c := *q
	for k := range c.b {
		c.b[k] = slices.Clone(q.b[k][:q.n[k]])
	}
	return c
}
