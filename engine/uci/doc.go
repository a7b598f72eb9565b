// Package uci speaks the Universal Chess Interface.
//
//	server.go    ablate's engine as a UCI engine (ablate uci)
//	client.go    drives any UCI engine, ablate's or another
//	protocol.go  the strict check of every line an engine sends, options
//
// ucitest/ is a fake UCI engine for tests: a test binary in disguise that
// crashes, hangs, plays illegal moves or sends garbage on request.
package uci
