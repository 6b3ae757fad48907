package backfill

import (
	"math"
	"slices"
	"sort"

	"github.com/gridbench/gridbench/internal/radix"
	"github.com/gridbench/gridbench/internal/sim"
)

// keptChunk is a run of the order kept (Order.keep, a key that does not
// change while a job waits): at most 2·keptBlock jobs in the key's order,
// with their keys, CPUs (absentCPUs once started) and estimates on machine
// 0, and the fewest CPUs and shortest estimate of those still waiting, and
// how many they are (see sum). A new job is inserted into its chunk, which
// splits in two when full, rather than the whole order merged anew: at
// 400,000 RICC-2010-2 jobs the merge at every pass that brought new jobs,
// and the sums of the blocks of the order merged, took 43% of EASY++'s
// CPU (avg2, Tsafrir).
type keptChunk struct {
	j    []int
	k    []uint64
	c    []int32
	d    []float64
	minC int32
	minD float64
	n    int32
}

// keptBlock is the size chunks are made with: they hold between none (all
// started) and twice as many jobs.
const keptBlock = 64

// A place in the order kept is chunk<<placeBits | index in the chunk.
const placeBits = 8 // (2·keptBlock fits)

// sum sums up the chunk's jobs still waiting.
func (ch *keptChunk) sum() {
	c, d, n := int32(absentCPUs), math.Inf(1), int32(0)
	for i, x := range ch.c {
		if x != absentCPUs {
			c, d, n = min(c, x), min(d, ch.d[i]), n+1
		}
	}
	ch.minC, ch.minD, ch.n = c, d, n
}

// newChunk returns an empty chunk (summed up), one of those rechunk let
// go if any (so that making the order anew makes no garbage).
func (o *Order) newChunk() *keptChunk {
	var ch *keptChunk
	if n := len(o.freeChunks); n > 0 {
		ch = o.freeChunks[n-1]
		o.freeChunks = o.freeChunks[:n-1]
		ch.j, ch.k, ch.c, ch.d = ch.j[:0], ch.k[:0], ch.c[:0], ch.d[:0]
	} else {
		ch = &keptChunk{
			j: make([]int, 0, 2*keptBlock), k: make([]uint64, 0, 2*keptBlock),
			c: make([]int32, 0, 2*keptBlock), d: make([]float64, 0, 2*keptBlock),
		}
	}
	ch.sum()
	return ch
}

// add appends a job to the chunk.
func (ch *keptChunk) add(j int, k uint64, c int32, d float64) {
	ch.j, ch.k, ch.c, ch.d = append(ch.j, j), append(ch.k, k), append(ch.c, c), append(ch.d, d)
}

// keptOrder brings the order kept up to date: the jobs arrived since the
// last pass that still wait are inserted in the order of the key kept
// (ties in arrival order: after the kept ones), and the jobs started are
// dropped once they outgrow the others (with lazy; without, whenever there
// are any), all chunks made anew. Until then they stay, marked (dropAt,
// dropJob).
func (o *Order) keptOrder(s *sim.State, lazy bool) {
	tidy := o.absent > 0 && (!lazy || outgrows(o.absent, o.size-o.absent))
	if len(o.fresh) == 0 && !tidy {
		return
	}
	items := o.items[:0]
	for i, j := range o.fresh {
		if s.Status(j) == sim.Waiting {
			items = append(items, radix.Item{Key: radix.Float64Key(o.keep(s, j, o.est(s, j))), Index: i})
		}
	}
	items, o.spare = radix.SortBuf(items, o.spare)
	if tidy {
		o.rechunk(s, items)
	} else {
		for _, it := range items {
			o.insert(s, o.fresh[it.Index], it.Key)
		}
	}
	o.fresh, o.items = o.fresh[:0], items
}

// insert inserts waiting job j of key k after every job of key k or less.
func (o *Order) insert(s *sim.State, j int, k uint64) {
	if len(o.chunks) == 0 {
		o.chunks, o.fc = append(o.chunks, o.newChunk()), 0
	}
	// The first chunk whose last key is above k (else the last chunk), and
	// in it the first job of a key above k. (Only an order of one chunk
	// holds an empty one.)
	ci := sort.Search(len(o.chunks), func(x int) bool { ch := o.chunks[x]; return len(ch.k) > 0 && ch.k[len(ch.k)-1] > k })
	ci = min(ci, len(o.chunks)-1)
	ch := o.chunks[ci]
	at := sort.Search(len(ch.k), func(x int) bool { return ch.k[x] > k })
	c, d := o.shape(s, j)
	ch.j, ch.k = slices.Insert(ch.j, at, j), slices.Insert(ch.k, at, k)
	ch.c, ch.d = slices.Insert(ch.c, at, c), slices.Insert(ch.d, at, d)
	ch.minC, ch.minD, ch.n = min(ch.minC, c), min(ch.minD, d), ch.n+1
	o.size++
	if len(ch.j) == 2*keptBlock { // split in two
		nx := o.newChunk()
		nx.j, nx.k = append(nx.j, ch.j[keptBlock:]...), append(nx.k, ch.k[keptBlock:]...)
		nx.c, nx.d = append(nx.c, ch.c[keptBlock:]...), append(nx.d, ch.d[keptBlock:]...)
		ch.j, ch.k, ch.c, ch.d = ch.j[:keptBlock], ch.k[:keptBlock], ch.c[:keptBlock], ch.d[:keptBlock]
		ch.sum()
		nx.sum()
		o.chunks = slices.Insert(o.chunks, ci+1, nx)
	}
	if ci < o.fc {
		o.fc = ci
	}
}

// rechunk makes the order kept anew in chunks of keptBlock jobs: its jobs
// still waiting merged with the new ones (items, sorted by key; after the
// kept ones on ties).
func (o *Order) rechunk(s *sim.State, items []radix.Item) {
	old := o.chunks
	o.chunks, o.size, o.absent, o.fc = nil, 0, 0, 0
	var cur *keptChunk
	add := func(j int, k uint64, c int32, d float64) {
		if cur == nil || len(cur.j) == keptBlock {
			if cur != nil {
				cur.sum()
			}
			cur = o.newChunk()
			o.chunks = append(o.chunks, cur)
		}
		cur.add(j, k, c, d)
		o.size++
	}
	x := 0
	for _, ch := range old {
		for i, k := range ch.k {
			for ; x < len(items) && items[x].Key < k; x++ {
				j := o.fresh[items[x].Index]
				c, d := o.shape(s, j)
				add(j, items[x].Key, c, d)
			}
			if ch.c[i] != absentCPUs {
				add(ch.j[i], k, ch.c[i], ch.d[i])
			}
		}
	}
	for ; x < len(items); x++ {
		j := o.fresh[items[x].Index]
		c, d := o.shape(s, j)
		add(j, items[x].Key, c, d)
	}
	if cur != nil {
		cur.sum()
	}
	o.freeChunks = append(o.freeChunks, old...)
}

// dropAt marks the job at place p of the order kept as started, and
// dropJob job j, found by its key (posOf), if it was inserted into the
// order (else the next keptOrder drops it, started).
func (o *Order) dropAt(p int) {
	ch, i := o.chunks[p>>placeBits], p&(1<<placeBits-1)
	c, d := ch.c[i], ch.d[i]
	ch.c[i] = absentCPUs
	if ch.n--; c == ch.minC || d == ch.minD { // (else the sums stand)
		ch.sum()
	}
	o.absent++
	for o.fc < len(o.chunks) && o.chunks[o.fc].n == 0 {
		o.fc++
	}
}

func (o *Order) dropJob(s *sim.State, j int) {
	if p := o.posOf(s, j); p >= 0 {
		o.dropAt(p)
	}
}

// posOf returns waiting job j's place in the order kept, -1 if it was not
// inserted into it yet.
func (o *Order) posOf(s *sim.State, j int) int {
	k := radix.Float64Key(o.keep(s, j, o.est(s, j)))
	ci := sort.Search(len(o.chunks), func(x int) bool { ch := o.chunks[x]; return ch.k[len(ch.k)-1] >= k })
	for ; ci < len(o.chunks); ci++ {
		ch := o.chunks[ci]
		for i := sort.Search(len(ch.k), func(x int) bool { return ch.k[x] >= k }); i < len(ch.k); i++ {
			if ch.k[i] != k {
				return -1
			}
			if ch.j[i] == j {
				return ci<<placeBits | i
			}
		}
	}
	return -1
}

// backfillKept is Schedule's backfill over the order kept from place from
// on (0, the head among them but not read, or the place after the head),
// reading the jobs' CPUs and estimates on machine 0 kept beside the order
// rather than job by job. In a backlog most waiting jobs cannot start: on
// the first 400,000 RICC-2010-2 jobs, reading each took 49% of EASY++'s
// CPU. On one machine the test is backfillMachine's, on those arrays, and
// a chunk of jobs none of which can start (all need more CPUs than are
// free, or all are too long to end by the shadow time and need more than
// the spare CPUs) is counted (the walk reads each) without being read. On
// several machines, a job that needs more CPUs than any machine has free
// (or a chunk of them) is counted without being tested, the others read
// as in Schedule.
func (o *Order) backfillKept(s *sim.State, from, head, free, resM int, shadow float64, spare int) {
	work := s.Work()
	headCh := -1
	if head >= 0 {
		if p := o.posOf(s, head); p >= 0 {
			headCh = p >> placeBits
		}
	}
	one := len(s.Platform().Machines) == 1
	now, most := s.Now(), int32(s.MaxFree())
	for ci := from >> placeBits; ci < len(o.chunks); ci++ {
		if free == 0 {
			return
		}
		ch, i0 := o.chunks[ci], 0
		if ci == from>>placeBits {
			i0 = from & (1<<placeBits - 1)
		}
		if i0 == 0 && (one && (int(ch.minC) > free || now+ch.minD > shadow && int(ch.minC) > spare) || !one && ch.minC > most) {
			n := int(ch.n)
			if ci == headCh {
				n--
			}
			work.Add(n)
			continue
		}
		for i := i0; i < len(ch.j); i++ {
			if free == 0 {
				return
			}
			j, c := ch.j[i], ch.c[i]
			if c == absentCPUs || j == head {
				continue
			}
			work.Inc()
			var m int
			if one {
				if int(c) > free {
					continue
				}
				if now+ch.d[i] > shadow { // (resM is 0)
					if int(c) > spare {
						continue
					}
					spare -= int(c)
				}
			} else if c > most {
				continue
			} else if m, spare = o.backfillMachine(s, j, resM, shadow, spare); m < 0 {
				continue
			}
			o.start(s, j, m)
			o.dropAt(ci<<placeBits | i)
			free -= int(c)
			most = int32(s.MaxFree())
		}
	}
}
