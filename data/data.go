// Package data holds the data sets bundled with gridbench (the Braun et al.
// 512x16 ETC instances, the LCG-2005-1 and KTH-SP2 traces, each with its
// PROVENANCE.md) and SHA256SUMS, the checksum of every data file gridbench
// knows, bundled or fetched. The checksums are compiled into the tool, so a
// data root anywhere (--data, GRIDBENCH_DATA, ./data, ../shared/data) is
// checked against the same list.
//
// The bundled sets are compiled in as well (Files), so that a binary built
// by `go install` finds them with no clone beside it; internal/datadir
// falls back to them after every folder on disk.
package data

import "embed"

// SHA256SUMS is the manifest in sha256sum(1) format: "HEX  PATH" lines,
// paths relative to a data root, '#' comment lines.
//
//go:embed SHA256SUMS
var SHA256SUMS string

// Files is this folder as it is at build time, paths relative to it. The
// pattern takes every entry, not a list of the bundled sets, so a set added
// to the repository is compiled in without an edit here. A set fetched into
// ./data of a checkout (see .gitignore) is compiled into a binary built from
// that checkout too: fetch into $GRIDBENCH_DATA to keep such builds small.
// A symbolic link directly in this folder fails the build (go:embed takes
// regular files only).
//
//go:embed *
var Files embed.FS
