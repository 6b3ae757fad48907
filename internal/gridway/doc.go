// Package gridway models the federated grid of Leal, Huedo and Llorente
// (2009): two testbeds (DSA and LCG), each with a space-shared FCFS local
// manager, a GridWay meta-scheduler on DSA that maps its users' experiments
// onto internal (DSA) and external (LCG, through the GridGateWay) resources,
// and the LCG trace running as background load on the LCG testbed.
//
// It sits between internal/adapt (adapt.Background), which turns the trace
// into background jobs, and the federation experiment (experiments/federation),
// which plans runs and reports. Like internal/sim it is a pure state
// machine on logical time: no goroutines, no wall clock, no I/O, no random
// numbers (the experiment shifts submission times with its own seeded
// source before building a Config).
//
// Model, in the order a user's job meets it:
//
//   - The DSA GridWay keeps the experiment's unscheduled jobs. Every
//     SchedulingInterval it asks its Policy to dispatch at most
//     DispatchChunk of them to Internal (DSA) or External (the GridGateWay).
//   - An internal job stages its input over the DSA LAN and enters the DSA
//     local queue. An external job's description reaches the LCG GridWay
//     (the GridGateWay), whose own periodic cycle forwards it to the LCG
//     testbed (up to DispatchChunk jobs when the testbed is available at
//     the start of the cycle), staging the input over the WAN link; it
//     then waits in the LCG local queue behind the background jobs (FCFS,
//     one queue).
//   - Local managers start the queue head on the fastest machine with a free
//     PE. Output files go back over the same link; a job is done when its
//     output has arrived.
//   - Migration: a job that has not started SuspensionTimeout seconds after
//     the DSA GridWay dispatched it is cancelled wherever it is and put back
//     into the unscheduled list (GridWay's suspension timeout, under every
//     policy: Section 5.1 describes it for Normal).
//
// Links are FIFO servers: a transfer starts when the previous one ends,
// takes size/bandwidth, and arrives after the link's latency. The DSA LAN
// is full duplex (one server per direction); the GridGateWay path is one
// port shared by inputs and outputs (Link.Shared), as GridSim serialises
// an entity's I/O. Its rate is calibrated (DefaultWANBandwidth), as is the
// background's length scale (DefaultMIPerTraceSecond): the paper gives
// neither.
//
// Policies (one file each): Normal (GridWay's default), SO, DO
// (Algorithm 1), SO-AS and DO-AS (Algorithm 2). "Available" means a free
// PE not already promised to one of the scheduler's jobs for the
// free-node policies, and fewer than PEs × MaxRunningResourceFactor of the
// scheduler's jobs at the resource for the advance-scheduling ones.
//
// Algorithm 1's lines are fitted as Hockney and Jesshope fit r∞ and n½:
// least squares of completion time on the count of completed jobs.
// Config.Alt switches single rules to other readings of the paper, so
// that the experiment can show what each would give.
//
// Sharing: the background load is the same for every policy, so a Sim can
// be advanced without users up to a time before the first submission and
// cloned (Snapshot / Clone); every run then continues from the clone.
//
// Tracking: every experiment records its job states (pending, and per
// infrastructure queued, running and done) at each change, and the
// completion time of each job on each infrastructure, which is what the
// SO training and the DO regression use.
package gridway
