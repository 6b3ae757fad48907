// Package data holds the data sets bundled with gridbench (the Braun et al.
// 512x16 ETC instances and the LCG-2005-1 trace, each with its PROVENANCE.md)
// and SHA256SUMS, the checksum of every data file gridbench knows, bundled
// or fetched. The checksums are compiled into the tool, so a data root
// anywhere (--data, GRIDBENCH_DATA, ./data, ../shared/data) is checked
// against the same list.
package data

import _ "embed"

// SHA256SUMS is the manifest in sha256sum(1) format: "HEX  PATH" lines,
// paths relative to a data root, '#' comment lines.
//
//go:embed SHA256SUMS
var SHA256SUMS string
