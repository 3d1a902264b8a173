"""A script as users of the hosted sprite service write them (requests, multipart forms, polling the
job), pointed at spritekiln by its base URL alone. The suite runs it against a started server
(test/clients/clients.test.ts); it prints one JSON line per job and exits non-zero on any surprise.

    BASE_URL=http://127.0.0.1:8787/public/v1 API_KEY=... python3 test/clients/hosted_client.py sprite.png
"""
import json
import os
import sys
import time

import requests

# The one line a user changes to move from the hosted service to spritekiln.
BASE_URL = os.environ.get("BASE_URL", "http://127.0.0.1:8787/public/v1")
API_KEY = os.environ["API_KEY"]
HEADERS = {"Authorization": f"Bearer {API_KEY}"}


def create(path, data, files):
    response = requests.post(f"{BASE_URL}{path}", headers=HEADERS, data=data, files=files, timeout=60)
    if response.status_code != 200:
        raise SystemExit(f"{path}: {response.status_code} {response.text}")
    return response.json()["job_id"]


def wait(job_id):
    # The docs: poll every 1-2 s until the job is no longer Pending.
    while True:
        data = requests.get(f"{BASE_URL}/job/{job_id}", headers=HEADERS, timeout=60).json()
        if data["status"] != "Pending":
            return data
        time.sleep(0.5)


def download(urls):
    sizes = []
    for url in urls:
        response = requests.get(url, timeout=60)
        response.raise_for_status()
        head = response.content[:4]
        kind = "png" if head == b"\x89PNG" else "gif" if head[:3] == b"GIF" else "other"
        sizes.append({"name": url.rsplit("/", 1)[-1], "kind": kind, "bytes": len(response.content)})
    return sizes


def image(path):
    return ("sprite.png", open(path, "rb"), "image/png")


def run(name, path, data, file_fields):
    job_id = create(path, data, file_fields)
    job = wait(job_id)
    result = {"name": name, "path": path, "status": job["status"]}
    if job["status"] == "Succeed":
        result["files"] = download(job["image_urls"])
    else:
        # The job-lifecycle page's own sample reads error_message.
        result["error"] = job.get("error_message", "Unknown error")
    print(json.dumps(result), flush=True)


def main():
    sprite = sys.argv[1]
    run("generate with a vendor model and a reference", "/generate/image",
        {"prompt": "a red potion", "ai_model": "Nano Banana Pro"}, [("ref_images", image(sprite))])
    run("effect v2, description/quality/frame only", "/generate/effect/v2",
        {"description": "fire burst", "quality": "pro", "frame": "4"}, None)
    run("make-sprite v1", "/sprite/make-sprite/v1",
        {"text": "jump", "frame": "25", "is_pixel": "true"}, {"image": image(sprite)})
    run("reskin v1", "/sprite/reskin/v1",
        {"description": "change the armor to golden", "resolution": "1K", "style": "cartoon"}, {"image": image(sprite)})
    run("upscale", "/image-tune/upscale", {"scale": "1K"}, {"image": image(sprite)})
    run("inpaint v2", "/image-tune/inpaint/v2",
        {"prompt": "Change background to blue sky", "quality": "standard"}, {"image": image(sprite)})
    run("split-layer", "/image-tune/split-layer", {"keyword": "character"}, {"image": image(sprite)})
    run("effect, unversioned", "/generate/effect", {"description": "ice shards", "resolution": "1K"}, None)
    run("make-sprite, unversioned", "/sprite/make-sprite",
        {"text": "walk", "frame": "36", "is_pixel": "true"}, {"image": image(sprite)})
    run("reskin, unversioned", "/sprite/reskin",
        {"sprite_subject": "a knight", "change_description": "make it silver", "resolution": "1K"}, {"image": image(sprite)})
    run("inpaint, unversioned", "/image-tune/inpaint", {"prompt": "make the background transparent"}, {"image": image(sprite)})
    run("a job that fails", "/image-tune/split-layer", {"keyword": "hat"}, {"image": image(sprite)})


if __name__ == "__main__":
    main()
