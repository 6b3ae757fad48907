// Package etc holds the Expected Time to Compute (ETC) model of Braun et
// al. (2001): a jobs × machines matrix of execution times, the reader and
// writer for the Braun/HCSP instance files, and the best-known schedules
// (.sol files) published beside them.
//
// It sits at the bottom of the ETC pipeline: generators and files produce a
// Matrix here, internal/sched/mapping maps jobs to machines, and the
// experiments and the CLI (gridbench etc) report the metrics.
//
// File layout (Braun et al.; chgogos/hcsp): an optional header line
// "jobs machines [flag]", then jobs×machines values, job-major: the k-th
// value is ETC[k/machines][k%machines]. Readers stream and report errors as
// "file:line: what is wrong; how to fix it".
package etc
