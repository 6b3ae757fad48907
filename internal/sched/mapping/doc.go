// Package mapping implements the immediate-mode mapping heuristics
// studied by Xhafa, Barolli and Duresi (2007) — OLB, MCT, MET, SA and kPB —
// and the batch-mode baselines of Braun et al. (2001) — Min-Min, Max-Min and
// Sufferage — on an ETC matrix (generators/etc), with the four metrics of
// the paper (makespan, flowtime, average utilisation, matching proximity)
// and the gap to a best-known makespan.
//
// Heuristics are deterministic pure functions of (matrix, ready times): no
// I/O, no randomness, ties always go to the lowest machine index. Each lives
// in its own file behind the Heuristic interface and is registered by name
// (Lookup, Names). Where the paper's prose and its Tables 3–6 disagree we
// follow the tables; every such choice is listed by Interpretations with the
// match counts that decided it, and the rejected literal readings remain
// available as variants.
//
// Callers: experiments/immediate (the reproduction) and the CLI command
// "gridbench etc eval".
package mapping
