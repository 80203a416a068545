package main

// sumOfPrimesBelow is the /compute work of contract section 4.4: trial division in 64-bit
// integers, run on every request.
func sumOfPrimesBelow(limit int64) int64 {
	var sum int64
	for n := int64(2); n < limit; n++ {
		prime := true
		for d := int64(2); d*d <= n; d++ {
			if n%d == 0 {
				prime = false
				break
			}
		}
		if prime {
			sum += n
		}
	}
	return sum
}
