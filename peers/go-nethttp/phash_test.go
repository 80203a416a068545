package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

type phashVectors struct {
	Vectors []struct {
		Name        string `json:"name"`
		ImageBase64 string `json:"image_base64"`
		Response    string `json:"response"`
	} `json:"vectors"`
	ReferenceFirst3 []string `json:"reference_hashes_first_3"`
	Reference2000   string   `json:"reference_hash_2000"`
}

func loadVectors(t *testing.T) phashVectors {
	t.Helper()
	data, err := os.ReadFile("../../workload/src/test/resources/phash-vectors.json")
	if err != nil {
		t.Fatal(err)
	}
	var v phashVectors
	if err := json.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Vectors) == 0 {
		t.Fatal("no vectors in phash-vectors.json")
	}
	return v
}

func TestPHashVectors(t *testing.T) {
	for _, v := range loadVectors(t).Vectors {
		image, err := base64.StdEncoding.DecodeString(v.ImageBase64)
		if err != nil {
			t.Fatal(err)
		}
		if len(image) != imageBytes {
			t.Fatalf("%s: image has %d bytes", v.Name, len(image))
		}
		if got := string(phashJSON(image)); got != v.Response {
			t.Errorf("%s:\n got %s\nwant %s", v.Name, got, v.Response)
		}
	}
}

// The seed-k vectors are images of 512 splitmix64 outputs of seed k, 8 pixels each, low byte first.
func TestSplitMix64MakesTheSeedImages(t *testing.T) {
	checked := 0
	for _, v := range loadVectors(t).Vectors {
		var seed uint64
		if _, err := fmt.Sscanf(v.Name, "seed-%d", &seed); err != nil {
			continue
		}
		rng := splitMix64{state: seed}
		image := make([]byte, 0, imageBytes)
		for range imageBytes / 8 {
			word := rng.next()
			for b := range 8 {
				image = append(image, byte(word>>(8*b)))
			}
		}
		if got := base64.StdEncoding.EncodeToString(image); got != v.ImageBase64 {
			t.Errorf("%s: splitmix64 image differs", v.Name)
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no seed-k vector")
	}
}

func TestReferenceHashes(t *testing.T) {
	v := loadVectors(t)
	for i, want := range v.ReferenceFirst3 {
		if got := fmt.Sprintf("%016x", referenceHashes[i]); got != want {
			t.Errorf("reference hash %d = %s, want %s", i+1, got, want)
		}
	}
	if got := fmt.Sprintf("%016x", referenceHashes[1999]); got != v.Reference2000 {
		t.Errorf("reference hash 2000 = %s, want %s", got, v.Reference2000)
	}
}

// splitmix64(0): the published first outputs of the generator.
func TestSplitMix64KnownOutputs(t *testing.T) {
	rng := splitMix64{}
	for _, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := rng.next(); got != want {
			t.Errorf("got %016x, want %016x", got, want)
		}
	}
}

func TestNearestBreaksTiesByLowerID(t *testing.T) {
	m := nearest(referenceHashes[41])
	if m[0] != (match{id: 42, distance: 0}) {
		t.Fatalf("nearest of reference 42 = %+v", m[0])
	}
	for i := 1; i < len(m); i++ {
		prev, cur := m[i-1], m[i]
		if cur.distance < prev.distance || cur.distance == prev.distance && cur.id < prev.id {
			t.Fatalf("matches out of order: %+v", m)
		}
	}
	if s := string(phashJSON(make([]byte, imageBytes))); strings.ContainsAny(s, " \n") {
		t.Fatalf("JSON has whitespace: %q", s)
	}
}

func TestComputeSum(t *testing.T) {
	if got := sumOfPrimesBelow(20000); got != 21171191 {
		t.Fatalf("sum of primes below 20000 = %d", got)
	}
}
