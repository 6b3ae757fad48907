//go:build !purego

#include "textflag.h"

// func hold8AVX2(ts []float64, free []int32, b int, end float64, c int32) (int, int32)
// is hold8Go (hold.go) for len(free) == len(ts): the eight steps' free
// CPUs in one register, tested, lowered and kept in the least at once.
TEXT ·hold8AVX2(SB), NOSPLIT, $0-84
	MOVQ	ts_base+0(FP), SI
	MOVQ	ts_len+8(FP), DX
	MOVQ	free_base+24(FP), DI
	MOVQ	b+48(FP), AX
	VMOVSD	end+56(FP), X0
	MOVL	c+64(FP), BX
	VMOVD	BX, X1
	VPBROADCASTD	X1, Y1            // c in every lane
	VPCMPEQD	Y2, Y2, Y2
	VPSRLD	$1, Y2, Y2                // least: MaxInt32 in every lane
loop:
	LEAQ	7(AX), CX
	CMPQ	CX, DX
	JGE	done                      // b+7 >= len(ts)
	VMOVSD	(SI)(CX*8), X3
	VUCOMISD	X0, X3                    // ts[b+7] against end
	JCC	done                      // ts[b+7] >= end (times are never NaN)
	VMOVDQU	(DI)(AX*4), Y3
	VPCMPGTD	Y3, Y1, Y4        // lanes where c > free
	VPTEST	Y4, Y4
	JNZ	done
	VPMINSD	Y3, Y2, Y2
	VPSUBD	Y1, Y3, Y3
	VMOVDQU	Y3, (DI)(AX*4)
	ADDQ	$8, AX
	JMP	loop
done:
	VEXTRACTI128	$1, Y2, X3
	VPMINSD	X3, X2, X2
	VPSHUFD	$0x4E, X2, X3
	VPMINSD	X3, X2, X2
	VPSHUFD	$0xB1, X2, X3
	VPMINSD	X3, X2, X2
	VMOVD	X2, R8
	VZEROUPPER
	MOVQ	AX, ret+72(FP)
	MOVL	R8, ret1+80(FP)
	RET

// func add32AVX2(s []int32, d int32) is add32Go (hold.go).
TEXT ·add32AVX2(SB), NOSPLIT, $0-28
	MOVQ	s_base+0(FP), DI
	MOVQ	s_len+8(FP), CX
	MOVL	d+24(FP), BX
	VMOVD	BX, X1
	VPBROADCASTD	X1, Y1
	XORQ	AX, AX
loop8:
	LEAQ	8(AX), DX
	CMPQ	DX, CX
	JGT	tail
	VMOVDQU	(DI)(AX*4), Y0
	VPADDD	Y1, Y0, Y0
	VMOVDQU	Y0, (DI)(AX*4)
	MOVQ	DX, AX
	JMP	loop8
tail:
tail1:
	CMPQ	AX, CX
	JGE	out
	ADDL	BX, (DI)(AX*4)
	INCQ	AX
	JMP	tail1
out:
	VZEROUPPER
	RET
