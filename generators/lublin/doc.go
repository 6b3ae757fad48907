// Package lublin generates rigid parallel workloads from the Lublin &
// Feitelson (2003) model ("The workload on parallel supercomputers:
// modeling the characteristics of rigid jobs", JPDC 63(11)), the model
// behind the Parallel Workloads Archive's synthetic logs.
//
// Two job types, interactive and batch, each with its own parameters,
// arrive as two streams merged by time. For each job:
//
//   - size: serial with probability SerialProb; otherwise log2(size) is
//     drawn from a two-stage uniform (uniform on [ULow, UMed] with
//     probability UProb, else on [UMed, UHi]) and rounded to an integer —
//     a power of two — with probability Pow2Prob (of all jobs); the size
//     is round(2^x);
//   - run time: ln(run) is hyper-gamma, gamma(A1, B1) with probability
//     p = PA·size + PB (clamped to [0, 1]), else gamma(A2, B2) — larger
//     jobs run longer — redrawn above 12 (two days); run = floor(e^x) s;
//   - arrivals: ln(inter-arrival) is gamma(AArr·ARAR, BArr) at rush hour,
//     stretched over a daily cycle of 48 half-hour buckets, bucket i
//     (1 = 00:00–00:30) weighted by the gamma(ANum, BNum) mass on
//     [i−0.5, i+0.5), with i taken from 11 to 58 (the day runs from 05:00
//     to 05:00; batch arrivals peak at 13:00–13:30), redrawn above 13.
//
// Config.Typeless instead draws every job from the parameters fitted on
// all jobs (WholeParams), one stream; the archive's lublin_256.swf was
// drawn that way.
//
// Gamma parameters are shape and scale. The parameters are the model's
// published values (Lublin & Feitelson 2003, Table 5 and Section 6; the
// same as the authors' generator m_lublin99.c), for a 128-node machine.
// For another size P the size model's UMed and UHi move by log2(P) − 7 and
// sizes are capped at P (an interpretation: the model was fitted on
// machines of 128 nodes or scaled logs; the authors' code asks users to
// set UHi = log2 of the machine's size).
//
// Draws come from the rand.Source built from the seed; the same seed
// gives the same workload. The generator sits beside generators/trace:
// its output is SWF, read back like any trace.
package lublin
