package mapping

import "fmt"

// Interpretation records one place where the paper's prose or equations,
// read literally, disagree with its Tables 3–6 (or leave a choice open),
// what we do instead, and the evidence: how many published cells each
// reading reproduces (a cell matches when our value truncated to three
// decimals equals the printed one).
type Interpretation struct {
	ID       string
	Paper    string // what the paper says
	Ours     string // what this package does
	Evidence string
}

// ReadingCounts holds, per interpretation ID, the number of published
// cells each reading reproduces on the 12 instances of Tables 3–6. They are
// recomputed from the data by TestInterpretationEvidence, which fails if
// they drift.
var ReadingCounts = map[string]map[string]int{
	"kpb-candidates":       {"best-floor(3)": 1, "best-ceil(4)": 0, "drop-worst(13)": 48},
	"flowtime-order":       {"assignment-order": 0, "shortest-first": 59},
	"utilization-machines": {"all-machines": 48, "used-machines": 60},
	"proximity-direction":  {"eq4-as-printed": 12, "met-over-ours": 60},
	"sa-load":              {"ready-times-only": 0, "completion-times": 48},
	"sa-idle":              {"idle-is-0": 48, "idle-is-1": 48},
	"olb-ties":             {"highest-index": 1, "fastest-idle": 16, "earliest-finish": 1, "lowest-index": 46},
}

// Interpretations lists every non-literal reading this package makes.
func Interpretations() []Interpretation {
	c := ReadingCounts
	return []Interpretation{
		{
			ID:    "kpb-candidates",
			Paper: "kPB's candidate set is the nb_machines·k/100 best machines for the job; Tables 3–6 use k = 20%, i.e. 3.2 of 16 machines; Section 4 uses k = 2/3 of 3 machines → 2.",
			Ours: "KPB{K: 20} drops the ⌊M·k/100⌋ slowest machines and keeps the rest: 13 of 16 (KPBDropWorst, default). " +
				"The literal readings are KPBBestFloor (3 best) and KPBBestCeil (4 best). Section 4's example is reproduced by KPBBestFloor with k = 200/3 and equally by KPBDropWorst with k = 100/3.",
			Evidence: fmt.Sprintf("kPB cells matched (of 48): %d with the 3 best, %d with the 4 best, %d with the 13 best; of all candidate counts 1–16 only 13 reproduces the column (TestKPBCandidateScan).",
				c["kpb-candidates"]["best-floor(3)"], c["kpb-candidates"]["best-ceil(4)"], c["kpb-candidates"]["drop-worst(13)"]),
		},
		{
			ID:    "flowtime-order",
			Paper: "Flowtime is the sum of the jobs' finishing times; an immediate-mode scheduler runs each machine's jobs in arrival order.",
			Ours:  "Flowtime runs each machine's jobs shortest first (the flowtime-optimal order for the assignment); FlowtimeInOrder keeps the assignment order, as Schedule.Start/End do.",
			Evidence: fmt.Sprintf("Flowtime cells matched (of 60): %d in assignment order, %d shortest first (the remaining cell is the OLB u_c_lolo.0 misprint).",
				c["flowtime-order"]["assignment-order"], c["flowtime-order"]["shortest-first"]),
		},
		{
			ID:    "utilization-machines",
			Paper: "Eq. 3: sum over all machines of completion / (local_makespan · nb_machines).",
			Ours:  "Utilization sums over, and counts, only the machines that received jobs (the Machines' of Eq. 2); UtilizationAllMachines is Eq. 3 as printed.",
			Evidence: fmt.Sprintf("Utilisation cells matched (of 60): %d over all machines, %d over used machines (MET on consistent instances puts every job on machine 0: Table 5 says 1.000, Eq. 3 as printed gives 1/16; the readings differ only where a machine gets no job, which happens in all 12 MET cells and no other).",
				c["utilization-machines"]["all-machines"], c["utilization-machines"]["used-machines"]),
		},
		{
			ID:    "proximity-direction",
			Paper: "Eq. 4: Σ ETC[i][schedule[i]] / Σ ETC[i][MET[i]] (≥ 1), yet the text says large values mean jobs on their fastest machines and Table 6 has values ≤ 1.",
			Ours:  "Proximity = Σ ETC[i][MET[i]] / Σ ETC[i][schedule[i]] (the reciprocal of Eq. 4 as printed); ProximityEq4 is the printed form.",
			Evidence: fmt.Sprintf("Proximity cells matched (of 60): %d with Eq. 4 as printed (only the MET column, where both give 1), %d with the reciprocal.",
				c["proximity-direction"]["eq4-as-printed"], c["proximity-direction"]["met-over-ours"]),
		},
		{
			ID:    "sa-load",
			Paper: "SA's load-balance factor is r = r_min/r_max with r_max, r_min the maximum and minimum ready time (Section 2: the time a machine finishes previously assigned jobs). Section 4's example prints r = 75/200 for ready times 70/110/200.",
			Ours:  "r is computed before each job from the machines' current completion times (ready time plus jobs assigned so far), i.e. the ready time as it evolves; SAReadyOnly uses the fixed initial ready times (then SA never leaves MCT).",
			Evidence: fmt.Sprintf("SA cells matched (of 48): %d with the initial ready times (= MCT), %d with current completion times. The 75 of Section 4's example is unexplained and does not affect its result (r < r_l either way).",
				c["sa-load"]["ready-times-only"], c["sa-load"]["completion-times"]),
		},
		{
			ID:    "sa-idle",
			Paper: "\"Initially, r = 0.0\"; r_min/r_max is 0/0 while every machine is at time 0.",
			Ours:  "r = 0 when every machine is at time 0 (SACompletion); SAIdleIsBalanced reads 0/0 as 1. SA starts in MCT mode, switches to MET when r > r_h and back when r < r_l.",
			Evidence: fmt.Sprintf("SA cells matched (of 48): %d with r = 0, %d with r = 1: the choice is immaterial because an idle machine makes r = 0 < r_l at the next job.",
				c["sa-idle"]["idle-is-0"], c["sa-idle"]["idle-is-1"]),
		},
		{
			ID:    "olb-ties",
			Paper: "OLB assigns the job to the earliest idle machine; \"if two or more machines are available at the same time, one of them is arbitrarily chosen\".",
			Ours:  "The machine with the smallest current completion time, ties to the lowest index (OLBLowestIndex). Alternatives: OLBHighestIndex, OLBFastestIdle (fastest among the tied), OLBEarliestFinish (completion including this job, i.e. MCT).",
			Evidence: fmt.Sprintf("OLB cells matched (of 48): highest index %d, fastest idle %d, earliest finish %d, lowest index %d (the 2 others are misprints, see experiments/immediate.Misprints).",
				c["olb-ties"]["highest-index"], c["olb-ties"]["fastest-idle"], c["olb-ties"]["earliest-finish"], c["olb-ties"]["lowest-index"]),
		},
	}
}
