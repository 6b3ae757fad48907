// Package federated is the federation family (internal/gridway: a DSA
// GridWay meta-scheduler that keeps each user's experiment on its own
// cluster or migrates jobs to an external grid): UserTable names the
// per-user metrics of one simulation and reads them off the user's
// experiment, Metrics turns a gridway.Result into runs.csv metrics. The
// federation study uses it.
package federated
