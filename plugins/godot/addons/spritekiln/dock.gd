@tool
extends VBoxContainer
## The Spritekiln dock: server URL and key (kept in EditorSettings, never in the project), a
## connection check, a form for every job kind the server lists in its /openapi.json, generate with
## progress and cancel, download into res://spritekiln/<job_id>/, import, and assignment of the
## SpriteFrames to the selected AnimatedSprite2D through the editor's undo/redo. The UI is built in
## code; the job form is form.gd.
##
## The kinds are read once per connection: when the dock starts, on Check connection and when the
## URL changes. Without a server the form says why it is empty, and the rest of the dock still works.
##
## Its actions are plain methods (check_connection, refresh_kinds, generate, cancel,
## assign_to_selected) returning what they did, so the editor test drives the same paths a click does.

## refresh_kinds() finished: {"ok", "message", "kinds"}.
signal kinds_loaded(result: Dictionary)

const Client := preload("spritekiln_client.gd")
const Form := preload("form.gd")
const SETTING_URL := "spritekiln/server_url"
const SETTING_KEY := "spritekiln/api_key"
const DEFAULT_URL := "http://127.0.0.1:8787"

## Set by plugin.gd: its EditorUndoRedoManager records the assignment.
var plugin: EditorPlugin
var client: Client

var url_edit: LineEdit
var key_edit: LineEdit
var check_button: Button
var connection_label: Label
var form: Form
var generate_button: Button
var cancel_button: Button
var progress_bar: ProgressBar
var status_label: Label
var assign_button: Button

## The SpriteFrames of the last finished job (res:// path), what "Assign" uses.
var frames_path := ""
var busy := false
## The server URL the form's kinds come from (or were last asked of), and the one being asked now.
var _kinds_url := ""
var _kinds_loading := ""


func _ready() -> void:
	name = "Spritekiln"
	custom_minimum_size = Vector2(240, 0)
	client = Client.new()
	client.name = "Client"
	add_child(client)
	client.progress.connect(_on_progress)
	_build()
	_load_settings()
	refresh_kinds()


# --- actions ----------------------------------------------------------------------------------

## Saves the server URL and key to EditorSettings and uses them from now on.
func set_server(url: String, key: String) -> void:
	url_edit.text = url
	key_edit.text = key
	_save_settings()


## Checks the URL and key, and reloads the job kinds (the server may have been restarted with
## others); shows and returns {"ok", "message", "account"}.
func check_connection() -> Dictionary:
	_apply_settings()
	connection_label.text = "Checking %s ..." % client.base_url
	var res := await client.check_connection()
	connection_label.text = res.message
	await refresh_kinds()
	return res


## Loads the job kinds from the server's /openapi.json into the form. Returns {"ok", "message",
## "kinds"}. A load already under way for the same URL is joined rather than repeated; one for a URL
## left since is dropped, the newer one's fills the form.
func refresh_kinds() -> Dictionary:
	_use_fields()
	var url := client.base_url
	if _kinds_loading == url:
		return await kinds_loaded
	# After a failed reload of the same server, the form loaded before stays usable.
	var keep := url == _kinds_url and not form.kinds.is_empty()
	_kinds_url = url
	_kinds_loading = url
	if not keep:
		form.set_kinds([], "Loading the job kinds from %s/openapi.json ..." % url)
		_set_busy(busy)
	var kinds := await client.job_kinds(true)
	var error := client.last_error
	if _kinds_loading != url:
		# The URL changed meanwhile: the load for the new one fills the form.
		return {"ok": false, "message": "%s is no longer the server URL" % url, "kinds": []}
	_kinds_loading = ""
	var result := {"ok": error == "", "message": "", "kinds": kinds}
	if error != "" and keep:
		result.message = "Could not reload the job kinds (%s); the form is the one loaded before" % error
		form.show_notice(result.message)
	elif error != "":
		# The explanatory empty state: why there is no form, and what brings it.
		result.message = "%s\nThe job form comes from the server's /openapi.json: press Check connection once the server runs." % error
		form.set_kinds([], result.message)
	elif kinds.is_empty():
		result.message = "%s lists no job kinds in its /openapi.json" % url
		form.set_kinds([], result.message)
	else:
		result.message = "%d job kinds from %s" % [kinds.size(), url]
		form.set_kinds(kinds)
	_set_busy(busy)
	kinds_loaded.emit(result)
	return result


## Sends the form, waits (progress bar), downloads, imports. Returns {"ok", "message", "job_id",
## "dir", "files", "frames_path"}; the message is also shown in the dock.
func generate() -> Dictionary:
	if busy:
		return {"ok": false, "message": "A job is already running"}
	var request := form.collect()
	if request.has("error"):
		return _done(false, request.error)
	# The path the server's document gives the kind: no table of kinds in the plugin.
	var path: String = form.current().path
	_apply_settings()
	_set_busy(true)
	progress_bar.value = 0
	progress_bar.visible = true
	_status("Uploading to %s ..." % client.base_url)
	var job_id := await client.create_job(path, request.fields, request.files)
	if job_id == "":
		return _done(false, client.last_error)
	_status("Job %s: Pending" % job_id)
	var job := await client.wait_job(job_id)
	if job.is_empty() and client.last_error == "Cancelled":
		return _done(false, "Cancelled: stopped waiting for job %s (the server still finishes it; its credits were charged when it was accepted)" % job_id, {"job_id": job_id})
	if job.get("status") != "Succeed":
		return _done(false, client.last_error, {"job_id": job_id})
	progress_bar.value = 100
	var dir := Client.RESULTS_DIR.path_join(job_id)
	_status("Downloading into %s ..." % dir)
	var files := await client.download(job, dir)
	if files.is_empty():
		return _done(false, client.last_error, {"job_id": job_id})
	_status("Importing %s ..." % dir)
	await import_files(dir)
	var extra := {"job_id": job_id, "dir": dir, "files": files}
	var tres := dir.path_join(Client.SPRITE_FRAMES_FILE)
	if not files.has(tres):
		return _done(true, "Done: %d files in %s" % [files.size(), dir], extra)
	var frames := ResourceLoader.load(tres, "SpriteFrames", ResourceLoader.CACHE_MODE_REPLACE) as SpriteFrames
	if frames == null:
		return _done(false, "Downloaded into %s, but %s did not load (see the Output panel)" % [dir, tres], extra)
	frames_path = tres
	extra.frames_path = tres
	var animation: StringName = frames.get_animation_names()[0]
	var message := "Done: %s, %d frames of \"%s\" in %s. Select an AnimatedSprite2D and press Assign." % [tres.get_file(), frames.get_frame_count(animation), animation, dir]
	if EditorInterface.get_file_system_dock():
		EditorInterface.select_file(tres)
	return _done(true, message, extra)


## Stops waiting (and any upload or download in flight). The API has no cancel, so an accepted job
## still runs on the server.
func cancel() -> void:
	client.cancel()


## Makes the editor import what was downloaded (textures get their .import files) and waits until
## the resources are loadable.
func import_files(dir: String) -> void:
	var fs := EditorInterface.get_resource_filesystem()
	while fs.is_scanning():
		await get_tree().process_frame
	fs.scan()
	# scan() starts on a thread and reports through is_scanning(); the reimport of new files
	# happens at its end, on the main thread.
	await get_tree().process_frame
	while fs.is_scanning():
		await get_tree().process_frame
	var sheet := dir.path_join("sheet.png")
	for i in 600:
		if not FileAccess.file_exists(sheet) or ResourceLoader.exists(sheet):
			break
		await get_tree().process_frame


## Assigns the last job's SpriteFrames to every selected AnimatedSprite2D (or AnimatedSprite3D) as
## one undoable action. An animation that has a ground point (sheet.json's meta.pivot) is placed by
## it: the node's position is where the feet are, in every frame (offset = -pivot, not centred).
## Returns what happened, as shown in the dock.
func assign_to_selected() -> String:
	if frames_path == "":
		return _status("Generate a sprite animation first: there is no SpriteFrames to assign yet")
	var frames := load(frames_path) as SpriteFrames
	if frames == null:
		return _status("%s did not load as a SpriteFrames" % frames_path)
	var targets: Array[Node] = []
	for node in EditorInterface.get_selection().get_selected_nodes():
		if node is AnimatedSprite2D or node is AnimatedSprite3D:
			targets.append(node)
	if targets.is_empty():
		return _status("Select an AnimatedSprite2D in the Scene dock first")
	var pivot := _ground_point(frames_path.get_base_dir().path_join("sheet.json"))
	var undo_redo := plugin.get_undo_redo() if plugin else EditorInterface.get_editor_undo_redo()
	undo_redo.create_action("Assign Spritekiln SpriteFrames")
	for node in targets:
		if pivot != null:
			undo_redo.add_do_property(node, "centered", false)
			undo_redo.add_undo_property(node, "centered", node.centered)
			undo_redo.add_do_property(node, "offset", -(pivot as Vector2))
			undo_redo.add_undo_property(node, "offset", node.offset)
		# Setting sprite_frames switches `animation` to the new frames' first one by itself. Undo sets
		# the old frames back first, then the old animation, only where those frames have it: the
		# setter refuses a name its frames lack (an empty node's "default", for one).
		var old_frames: SpriteFrames = node.sprite_frames
		undo_redo.add_do_property(node, "sprite_frames", frames)
		undo_redo.add_undo_property(node, "sprite_frames", old_frames)
		if old_frames and old_frames.has_animation(node.animation):
			undo_redo.add_undo_property(node, "animation", node.animation)
	undo_redo.commit_action()
	return _status("Assigned %s to %s (Ctrl+Z undoes it)" % [frames_path, ", ".join(targets.map(func(n: Node) -> String: return n.name))])


## sheet.json's meta.pivot (an animation's ground point, in frame pixels), or null without one.
func _ground_point(sheet_json: String) -> Variant:
	var sheet: Variant = JSON.parse_string(FileAccess.get_file_as_string(sheet_json))
	var pivot: Variant = sheet.get("meta", {}).get("pivot") if sheet is Dictionary else null
	if not (pivot is Dictionary and pivot.get("x") is float and pivot.get("y") is float):
		return null
	return Vector2(pivot.x, pivot.y)


# --- settings -----------------------------------------------------------------------------------

func _load_settings() -> void:
	var settings := _editor_settings()
	if settings == null:
		url_edit.text = DEFAULT_URL
		return
	url_edit.text = str(settings.get_setting(SETTING_URL)) if settings.has_setting(SETTING_URL) else DEFAULT_URL
	key_edit.text = str(settings.get_setting(SETTING_KEY)) if settings.has_setting(SETTING_KEY) else ""


func _save_settings() -> void:
	var settings := _editor_settings()
	if settings:
		settings.set_setting(SETTING_URL, url_edit.text.strip_edges())
		settings.set_setting(SETTING_KEY, key_edit.text.strip_edges())
	_apply_settings()


## Also reloads the job kinds when the URL is another server's.
func _apply_settings() -> void:
	_use_fields()
	if _kinds_url != "" and client.base_url != _kinds_url:
		refresh_kinds()


func _use_fields() -> void:
	client.base_url = url_edit.text.strip_edges()
	client.api_key = key_edit.text.strip_edges()


static func _editor_settings() -> EditorSettings:
	return EditorInterface.get_editor_settings() if Engine.is_editor_hint() else null


# --- UI -------------------------------------------------------------------------------------------

func _build() -> void:
	add_child(_caption("Server"))
	var server_grid := GridContainer.new()
	server_grid.columns = 2
	add_child(server_grid)
	url_edit = LineEdit.new()
	url_edit.placeholder_text = DEFAULT_URL
	url_edit.tooltip_text = "Saved in Editor Settings as %s (not in the project)" % SETTING_URL
	key_edit = LineEdit.new()
	key_edit.secret = true
	key_edit.placeholder_text = "the server's data/api-key.txt"
	key_edit.tooltip_text = "Saved in Editor Settings as %s (not in the project)" % SETTING_KEY
	for pair in [["URL", url_edit], ["API key", key_edit]]:
		var label := Label.new()
		label.text = pair[0]
		server_grid.add_child(label)
		var edit: LineEdit = pair[1]
		edit.size_flags_horizontal = Control.SIZE_EXPAND_FILL
		edit.text_submitted.connect(func(_t: String) -> void: _save_settings())
		edit.focus_exited.connect(_save_settings)
		server_grid.add_child(edit)
	check_button = Button.new()
	check_button.text = "Check connection"
	check_button.pressed.connect(func() -> void:
		_save_settings()
		check_connection())
	add_child(check_button)
	connection_label = _wrapping_label()
	add_child(connection_label)
	add_child(HSeparator.new())

	add_child(_caption("Generate"))
	form = Form.new()
	form.message.connect(_status)
	add_child(form)

	var buttons := HBoxContainer.new()
	generate_button = Button.new()
	generate_button.text = "Generate"
	generate_button.size_flags_horizontal = Control.SIZE_EXPAND_FILL
	generate_button.pressed.connect(generate)
	buttons.add_child(generate_button)
	cancel_button = Button.new()
	cancel_button.text = "Cancel"
	cancel_button.disabled = true
	cancel_button.pressed.connect(cancel)
	buttons.add_child(cancel_button)
	add_child(buttons)
	progress_bar = ProgressBar.new()
	progress_bar.max_value = 100
	progress_bar.visible = false
	add_child(progress_bar)
	status_label = _wrapping_label()
	add_child(status_label)
	assign_button = Button.new()
	assign_button.text = "Assign to selected AnimatedSprite2D"
	assign_button.disabled = true
	assign_button.pressed.connect(assign_to_selected)
	add_child(assign_button)


func _on_progress(_job_id: String, fraction: float) -> void:
	progress_bar.value = clampf(fraction, 0.0, 1.0) * 100.0


func _set_busy(value: bool) -> void:
	busy = value
	generate_button.disabled = value or form.kinds.is_empty()
	cancel_button.disabled = not value
	assign_button.disabled = value or frames_path == ""


func _done(ok: bool, message: String, extra := {}) -> Dictionary:
	_set_busy(false)
	if not ok:
		progress_bar.visible = false
	_status(message)
	var out := {"ok": ok, "message": message}
	out.merge(extra)
	return out


func _status(message: String) -> String:
	status_label.text = message
	return message


static func _caption(text: String) -> Label:
	var label := Label.new()
	label.text = text
	label.theme_type_variation = &"HeaderSmall"
	return label


static func _wrapping_label() -> Label:
	var label := Label.new()
	label.autowrap_mode = TextServer.AUTOWRAP_WORD_SMART
	label.custom_minimum_size = Vector2(200, 0)
	return label
