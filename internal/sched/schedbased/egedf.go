package schedbased

// Placement says where EG-EDF put a job.
type Placement struct {
	Machine int  // -1 when no machine has enough CPUs
	Gap     bool // true: into a gap (EG); false: into the queue by EDF
	Pos     int  // queue position (EDF) or -1 (gap)
}

// objective is one (makespan, non-delayed count) pair of Algorithm 2.
type objective struct {
	makespan   float64
	nondelayed int
}

// accept is Algorithm 2 (AcceptanceCriterion) for a non-empty best: the
// new schedule is better when the relative makespan gain plus the relative
// gain in non-delayed jobs is positive.
func accept(best, cand objective) bool {
	if best.makespan-cand.makespan == 0 {
		// The makespan term is 0 (not NaN: equal finite makespans), so
		// the sum is positive exactly when the non-delayed term is, which
		// is when the count rises. Every gap candidate has the plan's
		// makespan, and so has an EDF candidate that ends before it.
		return cand.nondelayed > best.nondelayed
	}
	w := rel(best.makespan-cand.makespan, best.makespan) +
		rel(float64(cand.nondelayed-best.nondelayed), float64(best.nondelayed))
	return w > 0
}

// prefer reports whether a candidate with objective cand starting the job
// at candStart replaces the best so far: when Algorithm 2 accepts it, or
// when Algorithm 2 accepts neither over the other and it starts the job
// earlier (the EG-EDF tie-break; see the package's interpretations).
func prefer(best, cand objective, bestStart, candStart float64) bool {
	if accept(best, cand) {
		return true
	}
	return !accept(cand, best) && candStart < bestStart
}

// rel is num/den with the "corrections" the paper leaves out for a zero
// denominator: the sign of the change, as a whole unit.
func rel(num, den float64) float64 {
	switch {
	case den > 0:
		return num / den
	case num > 0:
		return 1
	case num < 0:
		return -1
	}
	return 0
}

// top2 returns the largest machine makespan, the machine holding it and
// the second largest, so the plan's makespan without machine i is known in
// O(1).
func (p *Plan) top2() (first float64, at int, second float64) {
	p.work += int64(len(p.ms))
	if !p.direct {
		// From the makespans' tournament tree, as the scan counted above
		// finds them: the first machine holding the largest, and the
		// largest of the others (the siblings on its path).
		first = p.mkTree[1]
		i := 1
		for i < p.mkLeaves {
			if i *= 2; p.mkTree[i] != first {
				i++
			}
		}
		for k := i; k > 1; k /= 2 {
			second = max(second, p.mkTree[k^1])
		}
		return first, i - p.mkLeaves, second
	}
	at = -1
	for i := range p.ms {
		switch v := p.ms[i].makespan; {
		case at < 0 || v > first:
			second, first, at = first, v, i
		case v > second:
			second = v
		}
	}
	return first, at, second
}

// InsertEGEDF adds job id to the plan by Earliest Gap—Earliest Deadline
// First (Algorithms 1–2 of Klusáček & Rudová) and returns where it went.
//
// Machines are tried in index order. On each machine with enough CPUs the
// earliest gap that holds the job is sought; if there is one, placing the
// job there is a candidate. Until the first gap has been found on some
// machine, a machine without a gap offers the EDF candidate instead: the job
// inserted before the first queued job with a later deadline, shifting the
// rest. Each candidate replaces the best so far when AcceptanceCriterion
// says it is better (the first candidate is always taken), or when neither
// is accepted over the other and the candidate starts the job earlier
// (tie-break, see the package's interpretations; the lower index wins an
// equal start). Candidates are evaluated without building them; only the
// winner is applied.
func InsertEGEDF(p *Plan, id int, j Job) Placement { return insertEGEDF(p, id, j, true) }

// InsertEGEDFLiteral is InsertEGEDF without the tie-break: a candidate
// replaces the best only when Algorithm 2 accepts it, so among equal
// scores the first machine in index order wins whatever its start time
// (the literal reading, kept for the deadline report's sensitivity line).
func InsertEGEDFLiteral(p *Plan, id int, j Job) Placement { return insertEGEDF(p, id, j, false) }

func insertEGEDF(p *Plan, id int, j Job, tieBreak bool) Placement {
	first, at, second := p.top2()
	nd0 := p.nondelayed
	best := Placement{Machine: -1}
	var bestObj objective
	gapFound := false
	var bestT, bestDur, bestStart float64
	p.work += int64(len(p.ms)) // a step per machine tried
	for i := range p.ms {
		if p.ms[i].cpus < j.CPUs {
			continue
		}
		others := first
		if i == at {
			others = second
		}
		dur := p.Duration(j, i)
		var cand Placement
		var obj objective
		var t, start float64
		if tg, ok := p.earliestGap(i, j, dur); ok {
			gapFound = true
			cand, t, start = Placement{Machine: i, Gap: true, Pos: -1}, tg, tg
			// A gap ends by the machine's makespan: no makespan change.
			obj = objective{max(others, p.ms[i].makespan), nd0}
			if !j.Late(t + dur) {
				obj.nondelayed++
			}
		} else if !gapFound {
			pos, ms, dnd, st := p.edfCandidate(i, j, dur)
			cand, start = Placement{Machine: i, Pos: pos}, st
			obj = objective{max(others, ms), nd0 + dnd}
		} else {
			continue
		}
		var better bool
		switch {
		case best.Machine < 0:
			better = true // the first candidate is always taken
		case tieBreak:
			better = prefer(bestObj, obj, bestStart, start)
		default:
			better = accept(bestObj, obj)
		}
		if better {
			best, bestObj, bestT, bestDur, bestStart = cand, obj, t, dur, start
		}
	}
	switch {
	case best.Machine < 0:
	case best.Gap:
		p.checkNew(best.Machine, id, j)
		p.insertGapAt(best.Machine, id, j, bestT, bestDur)
	default:
		p.InsertAt(best.Machine, best.Pos, id, j)
	}
	return best
}
