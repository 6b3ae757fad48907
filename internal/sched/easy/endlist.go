package easy

import "slices"

// endList holds the jobs EASY started and that still run, per machine in
// order of (estimated end, job), cut into blocks of at most maxBlock jobs,
// each block with its CPUs. The shadow time is then a scan of the blocks'
// sums and of one block — the first prefix in end order whose CPUs cover
// what the head lacks — and the spare CPUs another, instead of a walk over
// the running jobs that, on a busy 8,192-CPU trace, read thousands of jobs
// per blocked decision.
//
// A start or an end is a binary search over the blocks' last jobs and one
// within a block, then a shift of at most maxBlock entries: a few cache
// lines, where a balanced tree of the same jobs (a treap, before) read one
// scattered node per level.
type endList struct {
	m   []endBlocks // per machine
	key []float64   // job -> estimated end while running
}

type endBlocks struct {
	b   [][]endEntry // each sorted, 1..maxBlock entries
	sum []int64      // CPUs of each block
}

type endEntry struct {
	key  float64 // estimated end
	job  int32
	cpus int32
}

// maxBlock bounds a block; a full block is split in two halves.
const maxBlock = 128

func newEndList(machines, jobs int) *endList {
	return &endList{m: make([]endBlocks, machines), key: make([]float64, jobs)}
}

// before orders entries by estimated end, then job (any fixed tie order
// would do: only sums over whole end-time prefixes are ever read).
func (a endEntry) before(b endEntry) bool {
	return a.key < b.key || a.key == b.key && a.job < b.job
}

// find returns the block that holds e or would hold it: the first whose
// last entry is not before e, or the last block.
func (l *endBlocks) find(e endEntry) int {
	lo, hi := 0, len(l.b)-1
	for lo < hi {
		mid := (lo + hi) / 2
		if b := l.b[mid]; b[len(b)-1].before(e) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// pos returns the index in b of the first entry not before e.
func pos(b []endEntry, e endEntry) int {
	lo, hi := 0, len(b)
	for lo < hi {
		mid := (lo + hi) / 2
		if b[mid].before(e) {
			lo = mid + 1
		} else {
			hi = mid
		}
	}
	return lo
}

// add inserts job j, holding cpus CPUs until estEnd, on machine m.
func (t *endList) add(m, j, cpus int, estEnd float64) {
	l := &t.m[m]
	t.key[j] = estEnd
	e := endEntry{estEnd, int32(j), int32(cpus)}
	if len(l.b) == 0 {
		l.b = append(l.b, append(make([]endEntry, 0, maxBlock), e))
		l.sum = append(l.sum, int64(cpus))
		return
	}
	k := l.find(e)
	b := l.b[k]
	if len(b) == maxBlock {
		// Split the full block in two, each with room to grow.
		h := len(b) / 2
		right := append(make([]endEntry, 0, maxBlock), b[h:]...)
		var rs int64
		for _, x := range right {
			rs += int64(x.cpus)
		}
		l.b[k] = b[:h]
		l.sum[k] -= rs
		l.b = slices.Insert(l.b, k+1, right)
		l.sum = slices.Insert(l.sum, k+1, rs)
		if !e.before(right[0]) {
			k++
		}
		b = l.b[k]
	}
	l.b[k] = slices.Insert(b, pos(b, e), e)
	l.sum[k] += int64(cpus)
}

// remove takes job j, which must be running there, off machine m, and
// returns its CPUs.
func (t *endList) remove(m, j int) int {
	l := &t.m[m]
	e := endEntry{key: t.key[j], job: int32(j)}
	if len(l.b) == 0 {
		panic("easy: internal error: running job not in its machine's end list")
	}
	k := l.find(e)
	b := l.b[k]
	i := pos(b, e)
	if i == len(b) || b[i].job != e.job {
		panic("easy: internal error: running job not in its machine's end list")
	}
	cpus := b[i].cpus
	l.sum[k] -= int64(cpus)
	if len(b) == 1 {
		l.b = slices.Delete(l.b, k, k+1)
		l.sum = slices.Delete(l.sum, k, k+1)
	} else {
		l.b[k] = slices.Delete(b, i, i+1)
	}
	return int(cpus)
}

// by appends to dst machine m's jobs that end by end, in end order.
func (t *endList) by(m int, end float64, dst []int) []int {
	for _, b := range t.m[m].b {
		for _, e := range b {
			if e.key > end {
				return dst
			}
			dst = append(dst, int(e.job))
		}
	}
	return dst
}

// covering returns the estimated end of the last job of the shortest prefix,
// in end order, of machine m's jobs whose CPUs add up to at least need > 0,
// and false when all of them together hold fewer.
func (t *endList) covering(m int, need int64) (float64, bool) {
	l := &t.m[m]
	for k, s := range l.sum {
		if s < need {
			need -= s
			continue
		}
		for _, e := range l.b[k] {
			if need -= int64(e.cpus); need <= 0 {
				return e.key, true
			}
		}
	}
	return 0, false
}

// upTo returns how many of machine m's jobs end by estimate no later than
// end, and their CPUs.
func (t *endList) upTo(m int, end float64) (jobs int, cpus int64) {
	l := &t.m[m]
	for k, b := range l.b {
		if b[len(b)-1].key <= end {
			jobs += len(b)
			cpus += l.sum[k]
			continue
		}
		for _, e := range b {
			if e.key > end {
				break
			}
			jobs++
			cpus += int64(e.cpus)
		}
		break
	}
	return jobs, cpus
}
