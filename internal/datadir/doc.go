// Package datadir finds the real data sets gridbench reads (Braun ETC
// instances, SWF/GWF traces) without ever copying them into the repository.
//
// A data root is looked up, first match wins, in: an explicit directory (the
// --data flag), the GRIDBENCH_DATA environment variable, ./data, then
// ../shared/data. Callers ask for a path relative to that root and get either
// an absolute path or an error that says where it looked and where to get the
// file.
package datadir
