// The scripted window floor's whole script (npm run bench): a page that runs code at all costs Chrome this much more.
document.body.dataset['ready'] = 'true';
