// Package datadir finds, verifies and fetches the real data sets gridbench
// reads (Braun ETC instances, SWF/GWF traces).
//
// A data root is looked up, first match wins, in: an explicit directory (the
// --data flag), the GRIDBENCH_DATA environment variable, ./data (the
// repository's own folder, which bundles what the four studies need), then
// ../shared/data. Callers ask for a path relative to that root and get either
// an absolute path or an error that says where it looked and how to get the
// file (`gridbench data fetch NAME`).
//
// Every file gridbench knows has its SHA-256 pinned in data/SHA256SUMS,
// compiled in: a found file (and the rest of its data set in that root) is
// checked before its path is handed out, and a damaged one is an error
// naming it. Fetcher downloads catalogue sets into a root, verified,
// atomically and resumably.
package datadir
