package analysis

import "math/bits"

// pcg is math/rand/v2's PCG (a 128-bit LCG with the DXSM output), its
// state written out so that it can be jumped ahead: MeanBootstrapCI
// draws two resamples side by side, the second from where the generator
// would stand after the first, so that their chains of dependent steps
// (the generator's and the sum's) overlap (resampler.means). Its outputs are PCG's,
// bit for bit (TestPCGIsMathRandsPCG).
type pcg struct{ hi, lo uint64 }

// PCG's multiplier and increment (math/rand/v2, pcg.go).
const (
	pcgMulHi = 2549297995355413924
	pcgMulLo = 4865540595714422341
	pcgIncHi = 6364136223846793005
	pcgIncLo = 1442695040888963407
)

// Uint64 steps the state and returns its output, as PCG.Uint64 does.
func (p *pcg) Uint64() uint64 {
	hi, lo := bits.Mul64(p.lo, pcgMulLo)
	hi += p.hi*pcgMulLo + p.lo*pcgMulHi
	lo, c := bits.Add64(lo, pcgIncLo, 0)
	hi, _ = bits.Add64(hi, pcgIncHi, c)
	p.lo, p.hi = lo, hi
	const cheapMul = 0xda942042e4dd58b5
	hi ^= hi >> 32
	hi *= cheapMul
	hi ^= hi >> 48
	hi *= lo | 1
	return hi
}

// u128 is a number modulo 2^128.
type u128 struct{ hi, lo uint64 }

func (a u128) mul(b u128) u128 {
	hi, lo := bits.Mul64(a.lo, b.lo)
	return u128{hi + a.hi*b.lo + a.lo*b.hi, lo}
}

func (a u128) add(b u128) u128 {
	lo, c := bits.Add64(a.lo, b.lo, 0)
	hi, _ := bits.Add64(a.hi, b.hi, c)
	return u128{hi, lo}
}

// pcgJump is the affine map of k steps of the generator: the state after
// them is mul × state + add (Brown, "Random number generation with
// arbitrary strides", 1994, as PCG's advance computes it).
type pcgJump struct{ mul, add u128 }

func newPCGJump(k uint64) pcgJump {
	j := pcgJump{mul: u128{0, 1}}
	m, a := u128{pcgMulHi, pcgMulLo}, u128{pcgIncHi, pcgIncLo}
	for ; k > 0; k >>= 1 {
		if k&1 == 1 {
			j.mul = j.mul.mul(m)
			j.add = j.add.mul(m).add(a)
		}
		a = m.add(u128{0, 1}).mul(a)
		m = m.mul(m)
	}
	return j
}

// from returns p jumped ahead.
func (j pcgJump) from(p pcg) pcg {
	s := j.mul.mul(u128{p.hi, p.lo}).add(j.add)
	return pcg{s.hi, s.lo}
}
