package federation

import (
	"fmt"
	"math"
	"strings"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/federated"
	"github.com/gridbench/gridbench/internal/gridway"
)

// dsaRate is the DSA testbed's throughput in jobs per second when all its
// PEs are busy with experiment jobs.
func dsaRate(c Config) float64 {
	r := 0.0
	for _, m := range c.Model.DSA.Machines {
		r += float64(m.PEs) * m.MIPS / c.Model.JobMI
	}
	return r
}

// deviations explains every paper-setting cell of Table 4 off by more than
// matchTol and every Table 3 split outside it (splitWithin), from the runs' own
// metrics and the calibration sweep. Cells with one explanation share a
// bullet.
func deviations(recs []analysis.Record, pols []string, val func(pol, metric string) float64, c Config) []string {
	var order []string
	heads := map[string][]string{}
	m := c.Model
	n := float64(c.JobsPerUser)
	scale := n / 550
	perJob := (m.InputBytes + m.OutputBytes) / m.WAN.Bandwidth
	// bound is the time an experiment needs at least when LCG jobs start at
	// once: its LCG jobs through the GridGateWay port, or its DSA jobs on
	// DSA's PEs, whichever is longer.
	bound := func(dsa, lcg float64) float64 { return math.Max(lcg*perJob, dsa/dsaRate(c)) }
	for u := 0; u < Users; u++ {
		for _, pol := range pols {
			ours := val(pol, federated.UserMetric(u, federated.MCompletion))
			pub := publishedSeconds(pol, u)
			od, ol := val(pol, federated.UserMetric(u, federated.MJobsDSA)), val(pol, federated.UserMetric(u, federated.MJobsLCG))
			pd, pl := float64(PublishedJobs[pol][u][0])*scale, float64(PublishedJobs[pol][u][1])*scale
			timeOK, splitOK := within(ours, pub), splitWithin(od, ol, pd, pl)
			if timeOK && splitOK {
				continue
			}
			var off []string // what is outside the tolerance
			if !timeOK {
				off = append(off, "Table 4's time")
			}
			if !splitOK {
				off = append(off, "Table 3's split")
			}
			head := fmt.Sprintf("**User-%d, %s**: %s vs published %s (ratio %.3f); DSA jobs %.0f vs %.0f (%+.1f%%), LCG jobs %.0f vs %.0f (%+.1f%%); outside ±%.0f%%: %s.",
				u, pol, fmtHMS(ours), fmtHMS(pub), ours/pub, od, pd, 100*(od/pd-1), ol, pl, 100*(ol/pl-1), matchTol*100, strings.Join(off, " and "))
			bo, bp := bound(od, ol), bound(pd, pl)
			var why string
			switch {
			case !timeOK && (bo/bp-1)*(ours/pub-1) > 0 && math.Abs(bo/bp-1) >= 0.5*math.Abs(ours/pub-1):
				// The split's own bound accounts for at least half the gap.
				why = fmt.Sprintf("The time follows the split. With LCG jobs starting at once an experiment needs at least the longer of its LCG jobs "+
					"through the GridGateWay port (%.1f s each) and its DSA jobs on DSA's %d PEs: %s at our split, %s at the published one "+
					"(both bound by %s), a ratio of %.2f of the %.2f between the times.",
					perJob, m.DSA.PEs(), fmtHMS(bo), fmtHMS(bp), binding(od, ol, perJob, dsaRate(c)), bo/bp, ours/pub)
				if gridway.NeedsTraining(pol) {
					nOurs, nPub := val("Normal", federated.UserMetric(u, federated.MCompletion)), publishedSeconds("Normal", u)
					why += fmt.Sprintf(" SO's split is its training run's: Algorithm 1's lines fitted to our Normal run give %.0f DSA jobs where the paper's gave %.0f. "+
						"That training run, our Normal of User-%d, ends at %s against the published %s (ratio %.2f) with the published split within %.0f%% "+
						"(%.0f LCG jobs vs %.0f): its LCG jobs complete sooner than GridWaySim's, so its LCG line is steeper and Algorithm 1 gives LCG more of the "+
						"experiment: stretched to the published %s, its LCG completions give %.0f DSA jobs against the published %.0f. The cell follows that training run; we fit neither.",
						val(pol, federated.UserMetric(u, federated.MObjDSA)), pd, u, fmtHMS(nOurs), fmtHMS(nPub), nOurs/nPub,
						100*math.Abs(val("Normal", federated.UserMetric(u, federated.MJobsLCG))/(float64(PublishedJobs["Normal"][u][1])*scale)-1),
						val("Normal", federated.UserMetric(u, federated.MJobsLCG)), float64(PublishedJobs["Normal"][u][1])*scale, fmtHMS(nPub), val(pol, federated.UserMetric(u, MObjPaced)), pd)
				}
			case !timeOK && u == 0:
				why = fmt.Sprintf("LCG is idle for User-0, so an experiment lasts about as long as the longer of its LCG jobs through the GridGateWay port "+
					"(%.1f s each) and its DSA jobs on DSA's %d PEs. For the published split that bound is %s and the published time exceeds it by %s; "+
					"ours exceeds its own bound by %s. Nothing the paper describes costs the extra time",
					perJob, m.DSA.PEs(), fmtHMS(bp), fmtHMS(pub-bp), fmtHMS(ours-bo))
				if pol == "SO-AS" {
					why += fmt.Sprintf(": with free LCG PEs at every cycle, advance scheduling and free-node scheduling dispatch the same jobs at the "+
						"same instants, so our SO-AS equals our SO (%s), while the paper's SO-AS is %s slower than its SO (%s) on the same split",
						fmtHMS(val("SO", federated.UserMetric(u, federated.MCompletion))), fmtHMS(pub-publishedSeconds("SO", u)), PublishedCompletion["SO"][u])
				}
				why += "."
			case splitOK && ours < pub:
				why = fmt.Sprintf("The split is reproduced (bounds %s ours, %s published) but the experiment ends early: its LCG jobs wait less for free PEs "+
					"in our medium-saturation LCG than in GridWaySim's. ", fmtHMS(bo), fmtHMS(bp)) + timeVsSplit(recs, u, scale)
			case splitOK:
				why = "The split is reproduced but the experiment ends late: its LCG jobs wait longer in our LCG than in GridWaySim's. " + timeVsSplit(recs, u, scale)
			default: // the split alone is off, or both with no bound to explain the time
				why = fmt.Sprintf("The split differs (%.0f migrations). ", val(pol, federated.UserMetric(u, federated.MMigrations)))
				if gridway.NeedsTraining(pol) {
					why += fmt.Sprintf("SO's objective comes from its own training run of Normal (ours %.0f on DSA, published %.0f), so the split follows "+
						"our Normal run's lines, not the paper's.", val(pol, federated.UserMetric(u, federated.MObjDSA)), pd)
				} else {
					why += "No single cause identified: see the job-state figures."
				}
			}
			if _, ok := heads[why]; !ok {
				order = append(order, why)
			}
			heads[why] = append(heads[why], head)
		}
	}
	var out []string
	for _, why := range order {
		out = append(out, strings.Join(heads[why], " ")+" "+why)
	}
	if len(out) == 0 {
		out = append(out, fmt.Sprintf("No cell deviates by more than %.0f%% in time or in LCG jobs.", matchTol*100))
	}
	return out
}

// binding names the resource that bounds an experiment of dsa and lcg jobs.
func binding(dsa, lcg, perJob, dsaRate float64) string {
	if lcg*perJob >= dsa/dsaRate {
		return "the GridGateWay port"
	}
	return "DSA"
}

// timeVsSplit says, from the calibration sweep, whether one background
// scale could fit user u's Normal time and Table 3's split together.
func timeVsSplit(recs []analysis.Record, u int, scale float64) string {
	pub := publishedSeconds("Normal", u)
	var best *calRun
	for _, x := range calibrationRuns(recs) {
		if best == nil || math.Abs(x.time[u]-pub) < math.Abs(best.time[u]-pub) {
			best = x
		}
	}
	if best == nil {
		return ""
	}
	return fmt.Sprintf("The background scale was fitted on Table 3's split, not on times: in the sweep, the scale that brings User-%d's Normal "+
		"closest to its published %s is %.0f MI per trace second (%s), but there User-2's Normal runs %.0f jobs on LCG instead of %.0f, so no single "+
		"scale fits both; the difference is left as a mismatch.", u, fmtHMS(pub), best.mi, fmtHMS(best.time[u]), best.lcg[Users-1], float64(PublishedJobs["Normal"][Users-1][1])*scale)
}

// Interpretations lists every parameter the paper leaves open, with our
// value and the reason.
func Interpretations(c Config) []string {
	m := c.Model
	return []string{
		"Days: day 1 is the trace's first day (it starts at trace time 0, Sun 20 Nov 2005 00:00:05 GMT), so 12:00 of day d is (d-1)x86400+43200 s. " +
			"With this numbering the background alone gives the paper's low / medium / high scenarios by free PEs (see the saturation table).",
		"Resources: GridWay sees each testbed as one resource: DSA with its 13 PEs behind one FCFS manager, LCG as the aggregated GridGateWay with 2,000 PEs. " +
			"Local managers start the queue head on the fastest machine with a free PE; background jobs need one PE (all LCG jobs do).",
		"Availability: for Normal, SO and DO a resource is available when it has a free PE not already promised to a job of the same GridWay in flight (the DSA GridWay counts its jobs at the GridGateWay and in transfer against the LCG's free PEs); " +
			fmt.Sprintf("for SO-AS and DO-AS (Advance Scheduling, Section 5.4: \"AS does not wait for free nodes, instead it queues jobs in advance\") when that GridWay has fewer than PEs x %d of its jobs there (queued or running: \"queues jobs to a limit of Number of nodes()*MAX_RUNNING_RESOURCE_FACTOR\"); the background's own queue does not count.", m.MaxRunningResourceFactor),
		fmt.Sprintf("GridGateWay: the LCG GridWay runs its own cycle (%.0f s, %d jobs) and applies no objective: every job it receives is external, and "+
			"\"GridWay only schedules external jobs to internal resources\" (Section 5.2; Algorithm 2, lines 20–23, map such a job with no availability test). "+
			"Its cycle runs while the LCG testbed is available (line 6), with the same notion of availability as the DSA policy, tested at the start of the cycle; "+
			"it then forwards up to %d jobs. The reading that tests before every job (\"alt-gateway-per-job\") is in the readings table.",
			m.SchedulingInterval, m.DispatchChunk, m.DispatchChunk),
		fmt.Sprintf("SUSPENSION_TIMEOUT = %.0f s, counted from the DSA GridWay's dispatch, under every policy (Section 5.1 describes the migration for Normal; it is GridWay's, not the AS mechanism's); a job not started by then is cancelled wherever it waits (GridGateWay list, transfer, local queue) and goes back to the DSA GridWay's unscheduled list.", m.SuspensionTimeout),
		fmt.Sprintf("MIN_IN_SAMPLES = MIN_EX_SAMPLES = %d completed jobs of the experiment on each infrastructure before Algorithm 1 fits its lines.", m.MinInSamples),
		"Regression: one line per infrastructure through the points (completion time since the experiment's submission, number of its jobs completed), fitted as " +
			"Hockney and Jesshope, whom the paper cites for Equation 1, obtain r∞ and n½: by least squares of the time on the count, t(n) = (n + n½)/r∞, so r∞ is the inverse slope " +
			"and n½ the count-axis intercept; getN_1_2() returns −n½. Least squares of the count on time (\"alt-count-on-time\") gives other lines from the same points " +
			"and is in the readings table with the trained splits of both. A fractional objective is rounded to the nearest job and clamped to [0, unscheduled]; the default puts the odd job internal.",
		"Objective bookkeeping: dispatching a job uses one unit of the objective of its infrastructure; a migrated job gives it back. AS splits each cycle's jobs with integer division, as Algorithm 2's int arithmetic.",
		"SO training: a Normal run of the same scenario (same submission times), with one line per infrastructure over all of the experiment's completions and Algorithm 1's split of the whole experiment; the default when a line cannot be used.",
		fmt.Sprintf("Links: DSA LAN %.0f Mb/s, %.0f ms, full duplex (FIFO per direction); GridGateWay path %.0f kB/s (calibrated, see above), %.0f ms, one FIFO port shared by inputs and outputs (GridSim's serialised I/O). Only the job description travels to the GridGateWay; the input is staged when the LCG GridWay forwards the job (staging it at the DSA GridWay's dispatch, \"alt-stage-at-dispatch\", is in the readings table).",
			m.LAN.Bandwidth*8/1e6, m.LAN.Latency*1e3, m.WAN.Bandwidth/1e3, m.WAN.Latency*1e3),
		"Cycles: GridWay scheduling and objective cycles run at multiples of 30 s of simulated time (not relative to submissions); an objective update precedes a scheduling cycle at the same instant.",
		"Job states: pending = in the DSA GridWay; queued = dispatched and not started (GridGateWay, staging, local queue); running includes the output transfer; done = output arrived. Completion time = submission to the last output.",
		fmt.Sprintf("Background: every trace job at its submit time, length run time x %.0f MI (calibrated, see above), including the 521 jobs of run time 0. "+
			"The other reading, run time x 9,787 MI (a trace second on the fastest LCG machine), offers ~105%% of the LCG's capacity: its queue only grows "+
			"(0 / ~770 / ~2,750 jobs at days 2 / 4 / 6), no PE is ever free after day 4, and Users 1–2 run all 550 jobs on DSA under Normal, against the "+
			"published 113 / 427 (the calibration table's last row).", m.MIPerTraceSecond),
		fmt.Sprintf("Repetitions: the paper has one deterministic run per policy. Ours add a 'jitter' workload: the paper's setting with each submission moved uniformly within ±%.0f min of 12:00 (seeded from the repetition), the only part of the setting the paper leaves open. "+
			"An earlier version moved submissions anywhere within the day, which mixes saturation levels and tests something other than the paper's three scenarios.", c.Jitter/60),
		fmt.Sprintf("Job-state figures sample the paper run every %.0f s; the quick configuration uses %d jobs per user.", c.SeriesStep, QuickJobsPerUser),
	}
}
