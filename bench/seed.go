package bench

import (
	"crypto/sha256"
	"encoding/binary"
	"strconv"
)

// DeriveSeed returns a 64-bit seed from the identity of a run. The parts are
// length-prefixed before hashing so ("ab","c") and ("a","bc") differ.
func DeriveSeed(parts ...string) uint64 {
	h := sha256.New()
	var n [8]byte
	for _, p := range parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		h.Write(n[:])
		h.Write([]byte(p))
	}
	var sum [sha256.Size]byte
	return binary.LittleEndian.Uint64(h.Sum(sum[:0]))
}

// SeedRule documents DeriveSeed's use, for manifests.
const SeedRule = "seed = first 8 bytes (little endian) of SHA-256 over the length-prefixed strings " +
	"(experiment, workload, rep); run_seed adds algorithm: (experiment, workload, algorithm, rep). " +
	"Every algorithm of one repetition sees the instance made from seed, so comparisons are paired."

// WorkloadSeed is the seed of a repetition's workload instance, shared by
// every algorithm that runs on it.
func WorkloadSeed(experiment, workload string, rep int) uint64 {
	return DeriveSeed(experiment, workload, strconv.Itoa(rep))
}

// RunSeed is the seed of one run, for algorithms that draw random numbers.
func RunSeed(experiment, workload, algorithm string, rep int) uint64 {
	return DeriveSeed(experiment, workload, algorithm, strconv.Itoa(rep))
}
