package analyzers

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// ConfigNames are the file names of a configuration, in the order they are
// looked for in each directory.
var ConfigNames = []string{".idemvet.yml", ".idemvet.yaml"}

// FindConfig returns the configuration that applies in dir: the first
// file named in ConfigNames in dir or the nearest directory above it, or
// "" when there is none.
func FindConfig(dir string) (string, error) {
	dir, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	for {
		for _, name := range ConfigNames {
			path := filepath.Join(dir, name)
			if _, err := os.Stat(path); err == nil {
				return path, nil
			} else if !errors.Is(err, fs.ErrNotExist) {
				return "", err
			}
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", nil
		}
		dir = parent
	}
}

// LoadConfig reads a configuration file: the keys of the golangci-lint
// settings (see Settings), in YAML. A key it does not know is an error.
func LoadConfig(path string) (Settings, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Settings{}, err
	}
	s, err := parseConfig(data)
	if err != nil {
		return Settings{}, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// parseConfig decodes YAML through JSON, the way golangci-lint hands a
// plugin its settings, so that both accept exactly the same documents.
func parseConfig(data []byte) (Settings, error) {
	var raw any
	if err := yaml.Unmarshal(data, &raw); err != nil {
		return Settings{}, err
	}
	var s Settings
	if raw == nil {
		return s, nil // an empty file
	}
	js, err := json.Marshal(raw)
	if err != nil {
		return Settings{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return Settings{}, fmt.Errorf("%w (the settings are: %s)", err, strings.Join(SettingNames(), ", "))
	}
	return s, nil
}

// Args returns the command-line flags that mean the same as s, for a
// driver that hands its settings to another process: -NAME or
// -NAME=false per selected check, then -exists=... and the other lists.
// Flags that come later on a command line override these.
func (s *Settings) Args() ([]string, error) {
	if _, err := s.Analyzers(); err != nil {
		return nil, err
	}
	var args []string
	for _, n := range s.Enable {
		args = append(args, "-"+n)
	}
	for _, n := range s.Disable {
		args = append(args, "-"+n+"=false")
	}
	for _, nf := range s.nameFlags() {
		if len(*nf.names) == 0 {
			continue
		}
		names, err := normalizeNames(nf.flag, *nf.names)
		if err != nil {
			return nil, err
		}
		args = append(args, "-"+nf.flag+"="+strings.Join(names, ","))
	}
	return args, nil
}
