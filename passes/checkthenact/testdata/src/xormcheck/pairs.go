package xormcheck

import "xorm.io/xorm"

// A relation is stored twice, once from each side, and both rows go in
// one Insert of a slice literal: the rows are the elements.

type Relation struct {
	ID          int64
	TaskID      int64
	OtherTaskID int64
	Kind        string
}

// Two requests relating the same tasks both find neither row and both
// insert the pair.
func relateTasks(s *xorm.Session, rel *Relation) error {
	exists, err := s.
		Where("(task_id = ? AND other_task_id = ?) OR (task_id = ? AND other_task_id = ?)",
					rel.TaskID, rel.OtherTaskID, rel.OtherTaskID, rel.TaskID).
		Exist(&Relation{}) // want `check-then-act race: the existence check Exist and the insert`
	if err != nil {
		return err
	}
	if exists {
		return errTaken
	}
	inverse := &Relation{TaskID: rel.OtherTaskID, OtherTaskID: rel.TaskID, Kind: rel.Kind}
	_, err = s.Insert(&[]*Relation{rel, inverse})
	return err
}

// Near miss: the check asks about the template task; the rows inserted
// are the new task's own, keyed by an id the check never looked at.
func seedRelations(s *xorm.Session, templateID, newTaskID, parentID int64) error {
	has, err := s.Where("task_id = ?", templateID).Exist(&Relation{})
	if err != nil {
		return err
	}
	if has {
		return nil
	}
	up := &Relation{TaskID: newTaskID, OtherTaskID: parentID, Kind: "subtask"}
	down := &Relation{TaskID: parentID, OtherTaskID: newTaskID, Kind: "parenttask"}
	_, err = s.Insert(&[]*Relation{up, down})
	return err
}
