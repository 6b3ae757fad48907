// Package jobstream generates the synthetic workload and platform of the
// `deadline` experiment (Klusáček, Rudová, Baraglia et al. 2008): a grid of
// heterogeneous space-shared machines and a stream of jobs with exponential
// inter-arrival times, exact run times and, for most jobs, deadlines.
//
// Every draw comes from the rand.Source passed in, so an instance is a pure
// function of its Spec and seed.
package jobstream
