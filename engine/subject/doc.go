// Package subject is the one interface through which every command that
// searches or plays drives an engine: ablate's own, in-process, or any UCI
// engine through ablate's strict client.
//
//	subject.go  Subject, Config, Engine, Limits, Iteration, Result
//	native.go   ablate's searcher as a Subject
//	uci.go      an external UCI engine as a Subject: start-up, reset, search
//	profile.go  engine profiles: technique and parameter names mapped to UCI
//	            options (built-in: profiles/toga2.toml, profiles/glaurung.toml)
//	variants.go builds of one engine from source, each a variant, as one Subject
package subject
