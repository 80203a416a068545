package main

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
)

// The /phash scorer of contract section 4.6.
const (
	side          = 64
	imageBytes    = side * side
	hashSide      = 8
	referenceSeed = 2026
	matchCount    = 5
)

// cosTable[k][n] = cos(π(2n+1)k/128), computed with the same operation order as the
// reference (π·(2n+1)·k / 128).
var cosTable = func() (t [side][side]float64) {
	for k := range side {
		for n := range side {
			t[k][n] = math.Cos(math.Pi * float64(2*n+1) * float64(k) / (2.0 * side))
		}
	}
	return t
}()

// referenceHashes[i] is the hash with id i+1: the (i+1)-th splitmix64 output of seed 2026.
var referenceHashes = func() (h [2000]uint64) {
	rng := splitMix64{state: referenceSeed}
	for i := range h {
		h[i] = rng.next()
	}
	return h
}()

type splitMix64 struct{ state uint64 }

func (s *splitMix64) next() uint64 {
	s.state += 0x9E3779B97F4A7C15
	z := s.state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// dct computes the full unnormalized 2-D DCT-II of a 64×64 image into f, rows first,
// summing in increasing index order. The float64(...) around each product keeps the Go
// compiler from fusing it with the sum into an FMA (it does on arm64): every app does the
// same separately rounded multiply and add.
func dct(pixels []byte, f *[side][side]float64) {
	var rows [side][side]float64
	for y := range side {
		line := pixels[y*side : (y+1)*side]
		for v := range side {
			c := &cosTable[v]
			sum := 0.0
			for x, p := range line {
				sum += float64(float64(p) * c[x])
			}
			rows[y][v] = sum
		}
	}
	for u := range side {
		c := &cosTable[u]
		for v := range side {
			sum := 0.0
			for y := range side {
				sum += float64(c[y] * rows[y][v])
			}
			f[u][v] = sum
		}
	}
}

// phash is the 64-bit hash: bit 63−(8u+v) is set when F[u][v] is above the median of the
// top-left 8×8 coefficients.
func phash(pixels []byte) uint64 {
	var f [side][side]float64
	dct(pixels, &f)
	var low [hashSide * hashSide]float64
	for u := range hashSide {
		copy(low[u*hashSide:], f[u][:hashSide])
	}
	sorted := low // arrays are values: a copy
	slices.Sort(sorted[:])
	median := (sorted[len(sorted)/2-1] + sorted[len(sorted)/2]) / 2
	var hash uint64
	for i, c := range low {
		if c > median {
			hash |= 1 << (63 - i)
		}
	}
	return hash
}

type match struct{ id, distance int }

// nearest returns the reference hashes closest in Hamming distance, nearest first, ties by
// lower id.
func nearest(hash uint64) [matchCount]match {
	var best [matchCount]match
	for i := range best {
		best[i].distance = math.MaxInt
	}
	for i, ref := range referenceHashes {
		d := bits.OnesCount64(hash ^ ref)
		if d >= best[matchCount-1].distance {
			continue
		}
		at := matchCount - 1
		for at > 0 && best[at-1].distance > d {
			best[at] = best[at-1]
			at--
		}
		best[at] = match{id: i + 1, distance: d}
	}
	return best
}

// phashJSON is the whole 200 response body for a 4096-byte image.
func phashJSON(pixels []byte) []byte {
	hash := phash(pixels)
	out := make([]byte, 0, 160)
	out = fmt.Appendf(out, `{"hash":"%016x","matches":[`, hash)
	for i, m := range nearest(hash) {
		if i > 0 {
			out = append(out, ',')
		}
		out = append(out, `{"id":`...)
		out = strconv.AppendInt(out, int64(m.id), 10)
		out = append(out, `,"distance":`...)
		out = strconv.AppendInt(out, int64(m.distance), 10)
		out = append(out, '}')
	}
	return append(out, "]}"...)
}
